/**
 * What the checkout shows instead of its form while the cart cannot be ordered: loading, failed,
 * the shop offline, or nothing in it.
 */
import { useTranslation } from 'react-i18next';
import { ButtonLink, ErrorState } from '@web/components/ui';
import { CartSkeleton } from '@web/components/cart/CartSkeleton';
import type { useCart } from '@web/lib/cart/api';

export function CartNotReady({ cart }: { cart: ReturnType<typeof useCart> }) {
  const { t } = useTranslation(['orders', 'cart']);
  const data = cart.data;
  if (cart.isPending) return <CartSkeleton />;
  if (cart.isError || !data) return <ErrorState message={t('cart:cart.loadFailed')} onRetry={() => void cart.refetch()} />;
  if (data.offline) return <ErrorState message={t('checkout.offline')} onRetry={() => void cart.refetch()} retrying={cart.isFetching} />;
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-12 text-center">
      <p className="text-muted">{t('checkout.emptyCart')}</p>
      <ButtonLink to="/category/1">{t('cart:cart.browse')}</ButtonLink>
    </div>
  );
}
