/**
 * Work the storefront does behind every page, kept out of the first download (lazy in
 * StorefrontLayout): loading the cart for the header badge, syncing the wishlist with the account,
 * and watching the session's expiry.
 */
import { useQuery } from '@tanstack/react-query';
import { SessionWatcher } from '@web/features/accounts/components/SessionWatcher';
import { cartQueryOptions } from '@web/lib/cart/api';
import { useWishlistAccountSync } from '@web/features/wishlist/sync';

export default function BackgroundTasks() {
  useQuery(cartQueryOptions());
  useWishlistAccountSync();
  return <SessionWatcher />;
}
