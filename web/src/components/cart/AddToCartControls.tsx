/**
 * Add-to-cart controls, placed by the catalogue pages on product cards, the product page and the
 * quick view.
 * - `full`: colour multi-select (a product with colours needs one chosen first; each chosen colour
 *   becomes its own cart line), quantity stepper (1 .. stock) and the add button.
 * - `card`: a compact button adding one unit of the first colour; when `onChooseOptions` is given and
 *   the product has several colours, it calls it instead (e.g. to open the quick view).
 * Success: toast "Added {product} to cart (colour)"; failure: the server's reason or a generic text.
 */
import { Check, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, cn } from '@web/components/ui';
import { toast } from '@web/components/ui/toast';
import { useAddToCart } from '@web/lib/cart/api';
import { cartErrorMessage } from '@web/lib/cart/messages';
import { QuantityStepper } from '@web/components/cart/QuantityStepper';

export type CartColor = { id: number; name: string; hex_code: string };

export type AddToCartProduct = {
  id: number;
  name: string;
  stock: number;
  colors: CartColor[];
  /** Optional: lets the offline fallback cart show a price and picture. */
  price?: number;
  discount?: number;
  image?: string | null;
  category?: string;
  is_extra?: boolean;
  /** The product's sizes (price before the discount): a product with sizes is added in one. */
  sizes?: { id: number; name: string; original_price: number }[];
};

type Props = {
  product: AddToCartProduct;
  /** The size chosen on the page; absent: the first of the product's sizes. */
  sizeId?: number | null;
  variant?: 'card' | 'full';
  /** `card` only: called instead of adding when the product has several colours. */
  onChooseOptions?: () => void;
  className?: string;
};

export function AddToCartControls({ product, sizeId, variant = 'full', onChooseOptions, className }: Props) {
  const { t } = useTranslation('cart');
  const add = useAddToCart();
  const [selected, setSelected] = useState<number[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [colorError, setColorError] = useState(false);
  const [justAdded, setJustAdded] = useState(false);
  // The tick shows for 3 s; the timer goes with the control (none left behind after it unmounts).
  useEffect(() => {
    if (!justAdded) return;
    const timer = setTimeout(() => setJustAdded(false), 3000);
    return () => clearTimeout(timer);
  }, [justAdded]);
  const uid = useId();
  const outOfStock = product.stock <= 0;
  const colors = product.colors ?? [];
  const sizes = product.sizes ?? [];
  const chosenSize = sizes.find((z) => z.id === sizeId) ?? sizes[0];
  const size = chosenSize ? { id: chosenSize.id, name: chosenSize.name, price: chosenSize.original_price } : null;
  const shownName = size ? `${product.name} — ${size.name}` : product.name;

  async function addLines(lines: CartColor[] | [null], qty: number) {
    const done: string[] = [];
    try {
      for (const color of lines) {
        await add.mutateAsync({ product, color, quantity: qty, size });
        if (color) done.push(color.name);
      }
      toast.success(
        done.length > 0 ? t('add.addedColor', { product: shownName, color: done.join(', ') }) : t('add.added', { product: shownName }),
      );
      setJustAdded(true);
      return true;
    } catch (error) {
      toast.error(cartErrorMessage(error, t, 'add.failed'));
      return false;
    }
  }

  if (variant === 'card') {
    const onClick = () => {
      if (colors.length > 1 && onChooseOptions) {
        onChooseOptions();
        return;
      }
      void addLines(colors.length > 0 ? [colors[0]!] : [null], 1);
    };
    return (
      <Button
        size="sm"
        variant="primary"
        className={cn('w-full', className)}
        onClick={onClick}
        disabled={outOfStock || add.isPending}
        aria-label={outOfStock ? t('add.outOfStockFor', { product: product.name }) : t('add.addProduct', { product: product.name })}
      >
        {justAdded ? <Check aria-hidden="true" className="size-4" /> : <ShoppingBag aria-hidden="true" className="size-4" />}
        <span>{outOfStock ? t('add.outOfStock') : t('add.short')}</span>
      </Button>
    );
  }

  const toggle = (id: number) => {
    setColorError(false);
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  };

  const onAdd = async () => {
    if (colors.length > 0 && selected.length === 0) {
      setColorError(true);
      document.getElementById(`${uid}-colors`)?.querySelector('button')?.focus();
      return;
    }
    const lines = colors.length > 0 ? colors.filter((c) => selected.includes(c.id)) : ([null] as [null]);
    const ok = await addLines(lines as CartColor[] | [null], quantity);
    if (ok) setSelected([]);
  };

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      {colors.length > 0 && (
        <fieldset aria-describedby={colorError ? `${uid}-color-error` : `${uid}-color-hint`}>
          <legend className="mb-2 text-sm font-medium text-ink">{t('add.colors')}</legend>
          <p id={`${uid}-color-hint`} className="mb-2 text-xs text-muted">
            {t('add.colorsHint')}
          </p>
          <div id={`${uid}-colors`} className="flex flex-wrap gap-2">
            {colors.map((color) => {
              const on = selected.includes(color.id);
              return (
                <button
                  key={color.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(color.id)}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm transition-colors',
                    on ? 'border-primary bg-primary-soft text-primary' : 'border-line bg-surface text-ink hover:border-primary/50',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="size-5 rounded-full border border-black/10"
                    style={{ backgroundColor: color.hex_code }}
                  />
                  <span>{color.name}</span>
                  {on && <Check aria-hidden="true" className="size-4" />}
                </button>
              );
            })}
          </div>
          {colorError && (
            <p id={`${uid}-color-error`} role="alert" className="mt-2 text-sm text-danger">
              {t('add.colorRequired')}
            </p>
          )}
        </fieldset>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={product.stock}
          disabled={outOfStock}
          label={t('add.quantityOf', { product: product.name })}
        />
        {/* One line: on a narrow screen the button takes its own row rather than break its label. */}
        <Button size="lg" className="flex-1 whitespace-nowrap" onClick={() => void onAdd()} disabled={outOfStock || add.isPending}>
          <ShoppingBag aria-hidden="true" className="size-5" />
          {outOfStock ? t('add.outOfStock') : add.isPending ? t('add.adding') : t('add.button')}
        </Button>
      </div>
      {!outOfStock && product.stock <= 5 && <p className="text-sm text-rose">{t('add.fewLeft', { count: product.stock })}</p>}
    </div>
  );
}
