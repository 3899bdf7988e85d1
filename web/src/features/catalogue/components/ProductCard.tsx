import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZES } from '@shared/constants';
import type { Product } from '@shared/schemas/catalogue';
import { Price } from '@web/components/ui/Price';
import { Skeleton } from '@web/components/ui/Skeleton';
import { AddToCartSlot, WishlistSlot } from './CartSlots';
import { ColorDots } from './ColorDots';
import { ProductPicture } from './ProductImage';

/** Discount, best-seller and out-of-stock labels. */
export function ProductBadges({ product, className }: { product: Product; className?: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className={className ?? 'flex flex-col items-start gap-1'}>
      {product.discount > 0 && (
        <span className="rounded-full bg-rose px-2 py-0.5 text-xs font-semibold text-white">
          {t('card.discount', { percent: product.discount })}
        </span>
      )}
      {product.bestSeller && (
        <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white">{t('card.bestSeller')}</span>
      )}
      {!product.inStock && (
        <span className="rounded-full bg-ink/85 px-2 py-0.5 text-xs font-semibold text-white">{t('card.outOfStock')}</span>
      )}
    </div>
  );
}

type Props = {
  product: Product;
  /** Among the first row: picture loaded at once. */
  eager?: boolean;
  /** The first card of the page: its picture is fetched first. */
  priority?: boolean;
  onQuickView?: (product: Product, trigger: HTMLElement) => void;
};

export function ProductCard({ product, eager, priority, onQuickView }: Props) {
  const { t } = useTranslation('catalogue');
  const href = `/product/${product.id}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line/60">
      <div className="relative aspect-[4/5] overflow-hidden bg-sand">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block size-full">
          <ProductPicture
            product={product}
            sizes={CARD_IMAGE_SIZES}
            eager={eager}
            priority={priority}
            alt=""
            className="transition-transform duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        <ProductBadges product={product} className="pointer-events-none absolute start-2 top-2 flex flex-col items-start gap-1" />
        <div className="absolute end-2 top-2">
          <WishlistSlot product={product} />
        </div>
        {onQuickView && (
          <button
            type="button"
            onClick={(event) => onQuickView(product, event.currentTarget)}
            aria-label={t('card.quickViewOf', { name: product.name })}
            className="absolute end-2 bottom-2 inline-flex min-h-9 items-center gap-1.5 rounded-full bg-surface/95 px-3 text-xs font-medium text-ink shadow-card ring-1 ring-line hover:text-primary"
          >
            <Eye aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t('card.quickView')}</span>
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="font-sans text-sm font-medium leading-snug text-ink sm:text-base">
          <Link to={href} className="hover:text-primary">
            {product.name}
          </Link>
        </h3>
        {product.sizes.length > 0 ? (
          <span className="text-sm sm:text-base">
            {t('product.from')}{' '}
            <Price amount={Math.min(...product.sizes.map((z) => z.price))} approx className="inline text-sm sm:text-base" />
          </span>
        ) : (
          <Price
            amount={product.final_price}
            originalAmount={product.discount > 0 ? product.price : null}
            approx
            className="text-sm sm:text-base"
          />
        )}
        <ColorDots colors={product.colors} />
        <div className="mt-auto pt-1">
          <AddToCartSlot
            product={product}
            variant="card"
            onChooseOptions={
              onQuickView
                ? () => onQuickView(product, document.activeElement instanceof HTMLElement ? document.activeElement : document.body)
                : undefined
            }
          />
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-card bg-surface ring-1 ring-line/60">
      <Skeleton className="aspect-[4/5] rounded-none" />
      <div className="space-y-2 p-3 sm:p-4">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-3 w-1/4" />
      </div>
    </div>
  );
}

export const productGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4';
