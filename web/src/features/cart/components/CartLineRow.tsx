import { Flower2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price } from '@web/components/ui';
import type { CartItem } from '@web/lib/cart/api';
import { QuantityStepper } from '@web/components/cart/QuantityStepper';

type Props = {
  item: CartItem;
  busy?: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
};

export function CartLineRow({ item, busy, onQuantity, onRemove }: Props) {
  const { t } = useTranslation('cart');
  const overStock = item.stock > 0 && item.quantity > item.stock;
  const noStock = item.stock <= 0;
  return (
    <li className="flex gap-3 py-4 sm:gap-5" aria-busy={busy || undefined}>
      <Link to={`/product/${item.product_id}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {item.image ? (
          <img
            src={item.image}
            alt=""
            width={96}
            height={120}
            loading="lazy"
            decoding="async"
            className="h-[7.5rem] w-24 rounded-xl bg-sand object-cover"
          />
        ) : (
          <span className="flex h-[7.5rem] w-24 items-center justify-center rounded-xl bg-sand text-muted">
            <Flower2 className="size-8" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-medium text-ink">
              <Link to={`/product/${item.product_id}`} className="hover:text-primary hover:underline">
                {item.name}
              </Link>
            </h3>
            {item.category && <p className="text-xs text-muted">{item.category}</p>}
            {item.size && <p className="mt-1 text-sm text-muted">{t('cart.size', { size: item.size.name })}</p>}
            {item.color && (
              <p className="mt-1 flex items-center gap-2 text-sm text-muted">
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full border border-black/10"
                  style={{ backgroundColor: item.color.hex_code }}
                />
                {t('cart.color', { color: item.color.name })}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            aria-label={t('cart.removeProduct', { product: item.name })}
            className="-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sand hover:text-danger disabled:opacity-50"
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="text-sm">
          <span className="sr-only">{t('cart.unitPrice')} </span>
          <Price amount={item.unit_price} originalAmount={item.discount > 0 ? item.price : null} />
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          <QuantityStepper
            size="sm"
            value={item.quantity}
            min={0}
            max={item.stock > 0 ? Math.max(item.stock, item.quantity) : undefined}
            disabled={busy}
            onChange={onQuantity}
            label={t('cart.quantityOf', { product: item.name })}
          />
          <p className="text-end">
            <span className="sr-only">{t('cart.lineTotal')} </span>
            <Price amount={item.line_total} className="text-base" />
          </p>
        </div>
        {(overStock || noStock) && (
          <p className="text-sm text-danger">{noStock ? t('cart.outOfStock') : t('cart.stockWarning', { count: item.stock })}</p>
        )}
      </div>
    </li>
  );
}
