/** Heart toggle: adds the product to the wishlist or removes it (aria-pressed), with a toast. */
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui';
import { toast } from '@web/components/ui/toast';
import { useWishlist, type WishlistItem } from '@web/lib/wishlist/store';

type Props = {
  productId: number;
  productName: string;
  /** Optional product data kept with the entry, so the wishlist page can show it at once. */
  product?: Omit<WishlistItem, 'id'>;
  className?: string;
  /** `icon`: round icon button (cards); `full`: icon and text (product page). */
  variant?: 'icon' | 'full';
};

export function WishlistButton({ productId, productName, product, className, variant = 'icon' }: Props) {
  const { t } = useTranslation('cart');
  const list = useWishlist();
  const on = list.has(productId);
  const onClick = () => {
    const now = list.toggle({ ...product, id: productId, name: productName });
    toast.success(now ? t('wishlist.added', { product: productName }) : t('wishlist.removed', { product: productName }));
  };
  const label = t('wishlist.toggle', { product: productName });
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={variant === 'icon' ? label : undefined}
      onClick={onClick}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        variant === 'icon'
          ? 'size-10 bg-surface/90 text-ink shadow-sm hover:text-rose'
          : 'min-h-11 border border-line bg-surface px-5 text-sm font-medium text-ink hover:border-rose hover:text-rose',
        on && 'text-rose',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', on && 'fill-current')} />
      {variant === 'full' && <span>{on ? t('wishlist.inList') : t('wishlist.addShort')}</span>}
    </button>
  );
}
