/**
 * /product/:id: gallery, name, price, stock, description, tags, add to cart (colours, quantity),
 * wishlist, care instructions, delivery information, related products, breadcrumbs, Product JSON-LD.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckCircle2, Clock, Droplets, PackageX, Scissors, Sun, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_PAGE_IMAGE_SIZES } from '@shared/constants';
import { Link, useParams } from 'react-router';
import type { Product } from '@shared/schemas/catalogue';
import { ExtrasOffer } from '@web/components/cart/ExtrasOffer';
import { ButtonLink } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Price } from '@web/components/ui/Price';
import { Skeleton } from '@web/components/ui/Skeleton';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { productQuery, relatedQuery } from '../api';
import { useCatalogueChangedRefresh } from '../hooks';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { AddToCartSlot, WishlistSlot } from '../components/CartSlots';
import { ProductBadges } from '../components/ProductCard';
import { ProductGallery } from '../components/ProductGallery';
import { ProductGrid } from '../components/ProductGrid';
import { productJsonLd, useJsonLd, useMetaDescription } from '../seo';

function NotFoundState() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('product.notFoundTitle'));
  return (
    <div className="container-shop flex flex-col items-center gap-4 py-20 text-center">
      <PackageX aria-hidden="true" className="size-10 text-muted" />
      <h1 className="text-3xl text-ink">{t('product.notFoundTitle')}</h1>
      <p className="text-muted">{t('product.notFoundText')}</p>
      <ButtonLink to="/shop">{t('product.backToShop')}</ButtonLink>
    </div>
  );
}

function ProductSkeleton() {
  const { t } = useTranslation('catalogue');
  return (
    <div className="container-shop py-8" aria-busy="true">
      <span className="sr-only" role="status">
        {t('product.loading')}
      </span>
      <Skeleton className="mb-6 h-4 w-64" />
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-[4/5]" />
        <div className="space-y-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </div>
  );
}

function InfoCard({ title, items }: { title: string; items: { Icon: typeof Droplets; text: string }[] }) {
  return (
    <section className="rounded-card bg-surface p-5 ring-1 ring-line/60 sm:p-6">
      <h2 className="mb-4 text-xl text-ink">{title}</h2>
      <ul className="space-y-3">
        {items.map(({ Icon, text }) => (
          <li key={text} className="flex gap-3 text-sm text-ink">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RelatedProducts({ id }: { id: number }) {
  const { t } = useTranslation('catalogue');
  const { data } = useQuery(relatedQuery(id));
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="below-fold mt-14">
      <h2 id="related-title" className="mb-6 text-2xl text-ink sm:text-3xl">
        {t('product.related')}
      </h2>
      <ProductGrid products={data.slice(0, 4)} eagerCount={0} hydrateFirst={0} />
    </section>
  );
}

/** The product's sizes as a radio group: the first is chosen at first, the price shown follows the choice. */
function SizePicker({ product, value, onChange }: { product: Product; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">{t('product.size')}</legend>
      <div className="flex flex-wrap gap-2" data-testid="size-picker">
        {product.sizes.map((size) => (
          <label
            key={size.id}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm text-ink has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary"
          >
            <input
              type="radio"
              name={`size-${product.id}`}
              className="sr-only"
              checked={size.id === value}
              onChange={() => onChange(size.id)}
            />
            <span>{size.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const { t: tc } = useTranslation('common');
  useDocumentTitle(product.name);
  useMetaDescription(product.description || t('seo.productDescription', { name: product.name }));
  useJsonLd('product-jsonld', productJsonLd(product, tc('brand')));

  const crumbs = [
    { label: t('breadcrumbHome'), to: '/' },
    { label: product.category.name, to: `/category/${product.category.id}` },
    ...(product.subcategory
      ? [{ label: product.subcategory.name, to: `/category/${product.category.id}/subcategory/${product.subcategory.id}` }]
      : []),
    { label: product.name },
  ];
  const lowStock = product.inStock && product.stock > 0 && product.stock <= 5;
  const [sizeId, setSizeId] = useState(product.sizes[0]?.id ?? 0);
  const size = product.sizes.find((z) => z.id === sizeId) ?? null;
  const shownPrice = size ? size.price : product.final_price;
  const shownOriginal = size ? size.original_price : product.price;

  return (
    <div className="container-shop py-8 sm:py-10">
      <Breadcrumbs items={crumbs} />
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery product={product} sizes={PRODUCT_PAGE_IMAGE_SIZES} eager />
        <div className="flex flex-col gap-5">
          <ProductBadges product={product} className="flex flex-wrap gap-1.5" />
          <h1 className="text-3xl text-ink sm:text-4xl">{product.name}</h1>
          <div className="flex flex-wrap items-center gap-3">
            <Price amount={shownPrice} originalAmount={product.discount > 0 ? shownOriginal : null} approx className="text-2xl" />
            {product.discount > 0 && (
              <span className="text-sm font-medium text-rose">{t('product.save', { percent: product.discount })}</span>
            )}
          </div>
          <p
            className={product.inStock ? 'flex items-center gap-1.5 text-sm text-success' : 'flex items-center gap-1.5 text-sm text-danger'}
          >
            {product.inStock ? <CheckCircle2 aria-hidden="true" className="size-4" /> : <PackageX aria-hidden="true" className="size-4" />}
            {product.inStock ? (lowStock ? t('product.lowStock', { n: product.stock }) : t('product.inStock')) : t('product.outOfStock')}
          </p>
          {product.description && <p className="text-ink/90">{product.description}</p>}
          {product.sizes.length > 0 && <SizePicker product={product} value={sizeId} onChange={setSizeId} />}
          <AddToCartSlot product={product} sizeId={size?.id ?? null} variant="full" />
          {!product.is_extra && product.inStock && <ExtrasOffer exclude={[product.id]} />}
          <WishlistSlot product={product} variant="full" />
          {product.tags.length > 0 && (
            <div>
              <h2 className="mb-2 text-sm font-medium text-ink">{t('product.tags')}</h2>
              <ul className="flex flex-wrap gap-2">
                {product.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/shop?search=${encodeURIComponent(tag)}`}
                      className="inline-flex rounded-full bg-sand px-3 py-1 text-xs text-ink hover:bg-primary-soft hover:text-primary"
                    >
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      <div className="mt-12 grid gap-5 md:grid-cols-2">
        <InfoCard
          title={t('product.care.title')}
          items={[
            { Icon: Droplets, text: t('product.care.water') },
            { Icon: Scissors, text: t('product.care.stems') },
            { Icon: Sun, text: t('product.care.place') },
          ]}
        />
        <div className="flex flex-col gap-3">
          <InfoCard
            title={t('product.delivery.title')}
            items={[
              { Icon: Truck, text: t('product.delivery.sameDay') },
              { Icon: Clock, text: t('product.delivery.hours') },
            ]}
          />
          <Link to="/delivery" className="self-start text-sm font-medium text-primary hover:underline">
            {t('product.delivery.more')}
          </Link>
        </div>
      </div>
      <RelatedProducts id={product.id} />
    </div>
  );
}

export default function ProductPage() {
  const { t } = useTranslation('catalogue');
  const { id: rawId } = useParams();
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : 0;
  useCatalogueChangedRefresh();
  const query = useQuery({ ...productQuery(id), enabled: id > 0 });

  if (id <= 0) return <NotFoundState />;
  if (query.isPending) return <ProductSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 422)) return <NotFoundState />;
    return (
      <div className="container-shop py-16">
        <ErrorState message={t('product.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }
  return <ProductDetails key={query.data.id} product={query.data} />;
}
