/**
 * /wishlist: the stored products with their current data (GET /product/:id), remove, add to cart,
 * empty state. Logged-in customers' lists are synced to the account by the wishlist store.
 */
import { useQueries } from '@tanstack/react-query';
import { Flower2, Heart, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORY_IDS } from '@shared/constants';
import { ButtonLink, Price, Skeleton } from '@web/components/ui';
import { toast } from '@web/components/ui/toast';
import { productQuery } from '@web/lib/product-query';
import { useWishlist, type WishlistItem } from '@web/lib/wishlist/store';
import { ApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { imageUrl } from '@web/lib/images';
import { AddToCartControls } from '@web/components/cart/AddToCartControls';

export default function WishlistPage() {
  const { t } = useTranslation('cart');
  useDocumentTitle(t('wishlist.title'));
  const list = useWishlist();
  const products = useQueries({ queries: list.items.map((item) => ({ ...productQuery(item.id), retry: false })) });

  const onRemove = (item: WishlistItem, name: string) => {
    list.remove(item.id);
    toast.success(t('wishlist.removed', { product: name }));
  };

  return (
    <div className="container-shop py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl text-ink sm:text-4xl">{t('wishlist.title')}</h1>
        {list.count > 0 && <p className="text-sm text-muted">{t('wishlist.count', { count: list.count })}</p>}
      </div>
      {list.count === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-14 text-center">
          <Heart aria-hidden="true" className="size-12 text-rose/70" />
          <h2 className="font-display text-2xl text-ink">{t('wishlist.emptyTitle')}</h2>
          <p className="max-w-md text-muted">{t('wishlist.emptyText')}</p>
          <ButtonLink to={`/category/${CATEGORY_IDS.bouquets}`} size="lg">
            {t('cart.browse')}
          </ButtonLink>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
          {list.items.map((item, index) => {
            const query = products[index];
            const product = query?.data;
            const gone = query?.error instanceof ApiError && query.error.status === 404;
            const name = product?.name ?? item.name ?? `#${item.id}`;
            const picture = product?.images[0];
            const src = picture?.image_path
              ? imageUrl(picture.image_path)
              : imageUrl(product?.image_path ?? (item.image_url as string | null | undefined) ?? item.image_path);
            return (
              <li key={item.id} className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface">
                <Link to={`/product/${item.id}`} className="relative block aspect-[4/5] bg-sand" aria-label={name}>
                  {query?.isPending && !item.name ? (
                    <Skeleton className="size-full rounded-none" />
                  ) : src ? (
                    <img
                      src={src}
                      srcSet={picture?.srcset || undefined}
                      sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
                      width={picture?.width ?? 640}
                      height={picture?.height ?? 800}
                      alt={name}
                      loading={index < 4 ? 'eager' : 'lazy'}
                      decoding="async"
                      className="size-full object-cover"
                    />
                  ) : (
                    <span className="flex size-full items-center justify-center text-muted">
                      <Flower2 aria-hidden="true" className="size-10" />
                    </span>
                  )}
                </Link>
                <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
                  <h2 className="line-clamp-2 text-sm font-medium text-ink sm:text-base">
                    <Link to={`/product/${item.id}`} className="hover:text-primary">
                      {name}
                    </Link>
                  </h2>
                  {product ? (
                    <Price amount={product.final_price} originalAmount={product.discount > 0 ? product.price : null} className="text-sm" />
                  ) : typeof item.price === 'number' ? (
                    <Price amount={typeof item.final_price === 'number' ? item.final_price : item.price} className="text-sm" />
                  ) : query?.isPending ? (
                    <Skeleton className="h-5 w-20" />
                  ) : null}
                  {gone && <p className="text-xs text-danger">{t('wishlist.unavailable')}</p>}
                  <div className="mt-auto flex items-center gap-2 pt-2">
                    {product && (
                      <AddToCartControls
                        variant="card"
                        className="flex-1"
                        product={{
                          id: product.id,
                          name: product.name,
                          stock: product.stock,
                          colors: product.colors,
                          price: product.price,
                          discount: product.discount,
                          image: src,
                          category: product.category.name,
                        }}
                      />
                    )}
                    <button
                      type="button"
                      onClick={() => onRemove(item, name)}
                      aria-label={t('wishlist.removeProduct', { product: name })}
                      className="ms-auto inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-line text-muted hover:border-danger hover:text-danger"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
