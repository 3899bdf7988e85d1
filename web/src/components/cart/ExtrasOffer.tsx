/**
 * "Add to your bouquet": the extras (vase, chocolates…), each added as a cart line of its own. The
 * product page shows it under the bouquet, the cart once under its lines. An extra is offered only
 * while it has stock, and never when `exclude` names it (the product shown, or the extras already in
 * the cart: adding one updates the cart, so it leaves the offer at once).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shared/schemas/catalogue';
import { cn, Price } from '@web/components/ui';
import { AddToCartControls } from '@web/components/cart/AddToCartControls';
import { extrasQuery } from '@web/lib/extras';

type Props = {
  /** Product ids not to offer. */
  exclude?: readonly number[];
  className?: string;
  /** The list's columns (the cart's column is wider than the product page's). */
  listClassName?: string;
};

export function ExtrasOffer({ exclude = [], className, listClassName = 'grid-cols-2' }: Props) {
  const { t } = useTranslation('cart');
  const { data } = useQuery(extrasQuery());
  const extras = (data ?? []).filter((p) => p.inStock && p.stock > 0 && !exclude.includes(p.id));
  if (extras.length === 0) return null;
  return (
    <section aria-labelledby="extras-title" className={cn('rounded-card bg-surface p-4 ring-1 ring-line/60', className)}>
      <h2 id="extras-title" className="mb-3 text-lg text-ink">
        {t('extras.title')}
      </h2>
      <ul className={cn('grid gap-3', listClassName)}>
        {extras.map((extra) => (
          <li key={extra.id} className="flex flex-col gap-2" data-testid="extra-offer">
            <span className="text-sm text-ink">{extra.name}</span>
            <Price amount={extra.final_price} className="text-sm" />
            <AddToCartControls product={cartProduct(extra)} variant="card" className="mt-auto" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An extra as the add button takes it (its stock, colours and sizes, and what the offline cart shows). */
const cartProduct = (p: Product) => ({
  id: p.id,
  name: p.name,
  stock: p.inStock ? p.stock : 0,
  colors: p.colors,
  price: p.price,
  discount: p.discount,
  image: p.image_path,
  category: p.category.name,
  is_extra: p.is_extra,
  sizes: p.sizes,
});
