import { ArrowRight } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Product } from '@shared/schemas/catalogue';
import { Price } from '@web/components/ui/Price';
import { DialogCloseButton, DialogLayer, useDialogFocus } from '@web/components/ui/dialog';
import { AddToCartSlot, WishlistSlot } from './CartSlots';
import { ProductBadges } from './ProductCard';
import { ProductGallery } from './ProductGallery';

/**
 * A product in a modal dialog: focus moves in and stays in (Tab cycles), Escape or the close button
 * closes it, and focus goes back to what opened it.
 */
export function QuickView({
  product,
  onClose,
  returnFocusTo,
}: {
  product: Product;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
}) {
  const { t } = useTranslation('catalogue');
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const onKeyDown = useDialogFocus(dialogRef, {
    open: true,
    onClose,
    initialFocus: () => closeRef.current,
    returnFocus: () => returnFocusTo,
  });

  return (
    <DialogLayer
      className="fixed inset-0 z-[80] flex items-end justify-center sm:items-center sm:p-6"
      backdropClassName="absolute inset-0 bg-ink/50 animate-fade-in"
      onClose={onClose}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="relative max-h-[92dvh] w-full max-w-3xl overflow-y-auto rounded-t-[1.5rem] bg-surface p-5 shadow-2xl animate-fade-in sm:rounded-[1.5rem] sm:p-7"
      >
        <DialogCloseButton
          ref={closeRef}
          onClick={onClose}
          label={t('quickView.close')}
          className="absolute end-3 top-3 z-10 inline-flex size-10 items-center justify-center rounded-full bg-surface text-ink hover:bg-sand"
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <ProductGallery product={product} sizes="(min-width: 640px) 360px, 90vw" eager />
          <div className="flex flex-col gap-4">
            <ProductBadges product={product} className="flex flex-wrap gap-1.5" />
            <h2 id={titleId} className="pe-10 text-2xl text-ink">
              {product.name}
            </h2>
            <Price amount={product.final_price} originalAmount={product.discount > 0 ? product.price : null} approx className="text-lg" />
            {product.description && <p className="line-clamp-4 text-sm text-muted">{product.description}</p>}
            <AddToCartSlot product={product} variant="full" />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <WishlistSlot product={product} variant="full" />
              <Link
                to={`/product/${product.id}`}
                className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              >
                {t('quickView.fullPage')}
                <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              </Link>
            </div>
          </div>
        </div>
      </div>
    </DialogLayer>
  );
}
