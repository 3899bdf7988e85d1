/**
 * /cart: the server cart (or the local fallback cart, flagged offline), lines with quantity stepper
 * and remove, coupon, delivery city with the price table, the server's summary, proceed to checkout
 * (FilledCart, fetched only for a cart that has lines or may have).
 */
import { ShoppingBag, WifiOff } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunction } from 'react-router';
import { Button, ButtonLink, ErrorState } from '@web/components/ui';
import { CartSkeleton } from '@web/components/cart/CartSkeleton';
import { useDocumentTitle } from '@web/lib/head';
import { STORAGE_KEYS, readJson, removeKey } from '@web/lib/storage';
import { CATEGORY_IDS } from '@shared/constants';
import type { RouteDataContext } from '@web/lib/route-data';
import { cartQueryOptions, useCart } from '@web/lib/cart/api';

const loadFilledCart = () => import('../components/FilledCart');
const FilledCart = lazy(loadFilledCart);

/**
 * On the server, for a visitor with neither a cart nor a session, the cart is read (empty) so the page
 * is drawn with it; otherwise, and in the browser, the cart is the browser's to read. (Written without
 * `prefetchLoader`: importing it here moved TanStack Query's hooks out of the entry chunk, +1.4 KB.)
 */
export const loader: LoaderFunction = async ({ context }) => {
  const data = context as RouteDataContext | undefined;
  if (data?.newVisitor) await data.queryClient.prefetchQuery(cartQueryOptions());
  return null;
};

export default function CartPage() {
  const { t } = useTranslation('cart');
  useDocumentTitle(t('cart.title'));
  const cart = useCart();

  // The customized flag goes when leaving the cart page with no custom products stored.
  useEffect(
    () => () => {
      const custom = readJson<unknown[]>(STORAGE_KEYS.customProducts, []);
      if (!Array.isArray(custom) || custom.length === 0) removeKey(STORAGE_KEYS.isCustomizedOrder);
    },
    [],
  );

  const data = cart.data;
  // A cart still loading may have lines: its module comes down beside the cart, not after it.
  const mayHaveLines = cart.isPending || (data?.items.length ?? 0) > 0;
  useEffect(() => {
    if (mayHaveLines) void loadFilledCart();
  }, [mayHaveLines]);

  return (
    // The server draws the cart's frame with its skeleton (it does not read a visitor's cart; a visitor
    // with neither cart nor session gets the empty cart drawn); whatever replaces the skeleton (empty,
    // a few lines, many), the footer stays below the first screen: no layout shift.
    <div className="container-shop min-h-dvh py-8 sm:py-12">
      <h1 className="mb-6 font-display text-3xl text-ink sm:text-4xl">{t('cart.title')}</h1>

      {cart.isPending ? (
        <CartSkeleton />
      ) : cart.isError || !data ? (
        <ErrorState message={t('cart.loadFailed')} onRetry={() => void cart.refetch()} retrying={cart.isFetching} />
      ) : (
        <>
          {data.offline && (
            <div role="status" className="mb-6 flex gap-3 rounded-2xl border border-rose/30 bg-blush px-4 py-3 text-sm text-ink">
              <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose" />
              <div className="flex-1">
                <p className="font-semibold">{t('cart.offlineTitle')}</p>
                <p>{t('cart.offlineNotice')}</p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => void cart.refetch()} disabled={cart.isFetching}>
                {t('cart.retry')}
              </Button>
            </div>
          )}
          {data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-14 text-center">
              <ShoppingBag aria-hidden="true" className="size-12 text-primary/60" />
              <h2 className="font-display text-2xl text-ink">{t('cart.emptyTitle')}</h2>
              <p className="max-w-md text-muted">{t('cart.emptyText')}</p>
              <ButtonLink to={`/category/${CATEGORY_IDS.bouquets}`} size="lg">
                {t('cart.browse')}
              </ButtonLink>
            </div>
          ) : (
            <Suspense fallback={<CartSkeleton />}>
              <FilledCart data={data} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
