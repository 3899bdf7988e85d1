/**
 * Drives the wishlist's account sync from the session: when a customer is logged in, merge the local
 * list with the account's once (PUT), then keep every change in step; visitors stay local only.
 */
import { useEffect, useRef } from 'react';
import { useSession } from '@web/lib/session';
import { wishlist } from '@web/lib/wishlist/store';

export function useWishlistAccountSync(): void {
  const { user } = useSession();
  const mergedFor = useRef<number | null>(null);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId == null) {
      wishlist.setAccountSync(false);
      mergedFor.current = null;
      return;
    }
    if (mergedFor.current === userId) return;
    mergedFor.current = userId;
    wishlist.mergeWithAccount().catch((error: unknown) => {
      console.warn('Wishlist merge failed', error);
      mergedFor.current = null;
    });
  }, [userId]);
}
