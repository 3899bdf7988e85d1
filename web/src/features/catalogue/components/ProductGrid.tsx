import { useState } from 'react';
import { useLocation } from 'react-router';
import type { Product } from '@shared/schemas/catalogue';
import { cn } from '@web/components/ui/cn';
import { ProductCard, ProductCardSkeleton, productGridClass } from './ProductCard';
import { QuickView } from './QuickView';

/** Product cards with their quick view; the first row's pictures load at once. */
export function ProductGrid({ products, eagerCount = 4, className }: { products: Product[]; eagerCount?: number; className?: string }) {
  const [open, setOpen] = useState<{ product: Product; trigger: HTMLElement } | null>(null);
  const location = useLocation();
  // Following the dialog's link to the product page closes it.
  const [at, setAt] = useState(location.key);
  if (at !== location.key) {
    setAt(location.key);
    if (open) setOpen(null);
  }
  return (
    <>
      <ul className={cn(productGridClass, className)}>
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard product={product} eager={i < eagerCount} priority={i === 0 && eagerCount > 0} onQuickView={(p, trigger) => setOpen({ product: p, trigger })} />
          </li>
        ))}
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
