import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import type { Product } from '@shared/schemas/catalogue';
import { cn } from '@web/components/ui/cn';
import { HydrateLater } from '@web/components/ui/HydrateLater';
import { ProductCard, ProductCardSkeleton, productGridClass } from './ProductCard';
import { QuickView } from './QuickView';

/** Cards in a phone's first row (productGridClass: two columns there). */
const FIRST_ROW = 2;

/** Product cards with their quick view; the first row's pictures load at once. */
/**
 * `hydrateFirst`: how many cards are taken over with the page (a phone's first row by default; 0
 * where the whole grid is below the first screen).
 */
export function ProductGrid({
  products,
  eagerCount = 4,
  hydrateFirst = FIRST_ROW,
  className,
}: {
  products: Product[];
  eagerCount?: number;
  hydrateFirst?: number;
  className?: string;
}) {
  const [open, setOpen] = useState<{ product: Product; trigger: HTMLElement } | null>(null);
  const location = useLocation();
  // Following the dialog's link to the product page closes it.
  const [at, setAt] = useState(location.key);
  if (at !== location.key) {
    setAt(location.key);
    if (open) setOpen(null);
  }
  const onQuickView = useCallback((product: Product, trigger: HTMLElement) => setOpen({ product, trigger }), []);
  return (
    <>
      <ul className={cn(productGridClass, className)}>
        {products.map((product, i) => {
          const card = (
            <ProductCard product={product} eager={i < eagerCount} priority={i === 0 && eagerCount > 0} onQuickView={onQuickView} />
          );
          // The first cards are taken over with the page; each later card on its own, when it nears the
          // screen or the browser is idle (HydrateLater).
          return i < hydrateFirst ? (
            <li key={product.id}>{card}</li>
          ) : (
            <HydrateLater as="li" key={product.id}>
              {card}
            </HydrateLater>
          );
        })}
      </ul>
      {open && <QuickView product={open.product} returnFocusTo={open.trigger} onClose={() => setOpen(null)} />}
    </>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className={productGridClass} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
