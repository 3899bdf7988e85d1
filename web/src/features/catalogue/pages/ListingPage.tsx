/**
 * One listing for /shop (with ?search=), /category/:id and /category/:id/subcategory/:subcategoryId:
 * filters, sorts, paging, subcategory buttons with "All", best sellers, empty and error states. The
 * state lives in the URL (listing-params.ts) so links and the back button restore it.
 */
import { useQuery } from '@tanstack/react-query';
import { SearchX, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@shared/constants';
import { ButtonLink } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { cn } from '@web/components/ui/cn';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { categoriesQuery, categorySubcategoriesQuery, occasionOf, occasionsQuery, productsQuery } from '../api';
import { useCatalogueChangedRefresh } from '../hooks';
import { Breadcrumbs, type Crumb } from '../components/Breadcrumbs';
import { ShowingRange } from '../components/FeaturedSection';
import { ListingFilters } from '../components/ListingFilters';
import { Pagination } from '@web/components/ui/Pagination';
import { ProductGrid, ProductGridSkeleton } from '../components/ProductGrid';
import { hasActiveFilters, readListingState, toId, toProductFilters, writeListingState, type ListingState } from '../listing-params';
import { useMetaDescription } from '../seo';

const subLinkClass = (active: boolean) =>
  cn(
    'inline-flex min-h-9 items-center rounded-full px-4 text-sm font-medium transition-colors',
    active ? 'bg-primary text-white' : 'bg-surface text-ink ring-1 ring-line hover:text-primary hover:ring-primary',
  );

function BestSellers({ categoryId, subcategoryId, onSeeAll }: { categoryId?: number; subcategoryId?: number; onSeeAll: () => void }) {
  const { t } = useTranslation('catalogue');
  const { data } = useQuery(productsQuery({ category_id: categoryId, subcategory_id: subcategoryId, sort: 'popular', per_page: 8 }));
  const best = (data?.data ?? []).filter((p) => p.bestSeller).slice(0, 4);
  if (best.length === 0) return null;
  return (
    <section aria-labelledby="best-sellers-title" className="mb-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="best-sellers-title" className="text-2xl text-ink">
          {t('listing.bestSellers')}
        </h2>
        <button type="button" onClick={onSeeAll} className="text-sm font-medium text-primary hover:underline">
          {t('listing.allBestSellers')}
        </button>
      </div>
      <ProductGrid products={best} eagerCount={0} />
    </section>
  );
}

export default function ListingPage() {
  const { t } = useTranslation('catalogue');
  const params = useParams();
  const categoryId = toId(params.id);
  const subcategoryId = toId(params.subcategoryId);
  const occasionSlug = params.slug;
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readListingState(searchParams);
  const perPage = PAGE_SIZES.shop;
  useCatalogueChangedRefresh();

  const categories = useQuery(categoriesQuery());
  const subcategories = useQuery({ ...categorySubcategoriesQuery(categoryId ?? 0), enabled: categoryId !== undefined });
  const products = useQuery(productsQuery(toProductFilters(state, { categoryId, subcategoryId, occasion: occasionSlug }, perPage)));
  const occasions = useQuery({ ...occasionsQuery(), enabled: occasionSlug !== undefined });
  const occasion = occasionOf(occasions.data, occasionSlug);

  const category = categoryId !== undefined ? categories.data?.find((c) => c.id === categoryId) : undefined;
  const subcategory = subcategoryId !== undefined ? subcategories.data?.find((s) => s.id === subcategoryId) : undefined;

  const title =
    occasion?.name ??
    subcategory?.name ??
    category?.name ??
    (state.search ? t('listing.searchTitle', { term: state.search }) : t('listing.shopTitle'));
  const description = occasion
    ? t('listing.occasionDescription', { name: occasion.name })
    : subcategory?.description || category?.description || t('listing.shopDescription');
  useDocumentTitle(title);
  useMetaDescription(description);

  function change(next: Partial<ListingState>) {
    setSearchParams(writeListingState(searchParams, next), { preventScrollReset: true });
  }
  const hrefFor = (page: number) => `?${writeListingState(searchParams, { page }).toString()}`;
  const base = categoryId !== undefined ? `/category/${categoryId}` : occasionSlug !== undefined ? `/occasion/${occasionSlug}` : '/shop';
  // Subcategory buttons keep colour, price and sort, not the page.
  const keep = writeListingState(searchParams, {}).toString();
  const withKeep = (path: string) => (keep ? `${path}?${keep}` : path);

  const crumbs: Crumb[] = [
    { label: t('breadcrumbHome'), to: '/' },
    { label: t('listing.shopTitle'), to: '/shop' },
  ];
  if (categoryId !== undefined) crumbs.push({ label: category?.name ?? '…', to: base });
  if (subcategoryId !== undefined) crumbs.push({ label: subcategory?.name ?? '…' });
  if (occasionSlug !== undefined) crumbs.push({ label: occasion?.name ?? '…' });
  if (categoryId === undefined && state.search) crumbs.push({ label: t('listing.searchCrumb', { term: state.search }) });

  const loadError = products.isError || (categoryId !== undefined && categories.isError);
  const retry = () => {
    void products.refetch();
    if (categories.isError) void categories.refetch();
    if (subcategories.isError) void subcategories.refetch();
  };
  const unknownCategory =
    (categoryId !== undefined && categories.isSuccess && !category) || (occasionSlug !== undefined && occasions.isSuccess && !occasion);
  const invalidPath =
    (params.id !== undefined && categoryId === undefined) || (params.subcategoryId !== undefined && subcategoryId === undefined);

  if (invalidPath || unknownCategory) {
    return (
      <div className="container-shop py-16">
        <ErrorState tone="empty" message={t(occasionSlug !== undefined ? 'listing.occasionNotFound' : 'listing.categoryNotFound')} />
        <div className="mt-6 flex justify-center">
          <ButtonLink to="/shop">{t('listing.browseAll')}</ButtonLink>
        </div>
      </div>
    );
  }

  const page = products.data;
  return (
    <div className="container-shop py-8 sm:py-10">
      <Breadcrumbs items={crumbs} />
      <header className="mb-6 max-w-3xl">
        <h1 className="mb-2 text-3xl text-ink sm:text-4xl">{title}</h1>
        <p className="text-muted">{description}</p>
        {state.search && (
          <button
            type="button"
            onClick={() => change({ search: '' })}
            className="mt-3 inline-flex items-center gap-1 rounded-full bg-sand px-3 py-1 text-sm text-ink hover:bg-line"
          >
            <X aria-hidden="true" className="size-3.5" />
            {t('listing.clearSearch', { term: state.search })}
          </button>
        )}
      </header>

      {categoryId !== undefined && (subcategories.data?.length ?? 0) > 0 && (
        <nav aria-label={t('listing.subcategories')} className="mb-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={withKeep(base)}
                className={subLinkClass(subcategoryId === undefined)}
                aria-current={subcategoryId === undefined ? 'page' : undefined}
              >
                {t('listing.all')}
              </Link>
            </li>
            {subcategories.data?.map((sub) => (
              <li key={sub.id}>
                <Link
                  to={withKeep(`${base}/subcategory/${sub.id}`)}
                  className={subLinkClass(sub.id === subcategoryId)}
                  aria-current={sub.id === subcategoryId ? 'page' : undefined}
                >
                  {sub.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <ListingFilters state={state} onChange={change} />

      <div className="mt-8">
        {state.page === 1 && !hasActiveFilters(state) && occasionSlug === undefined && (
          <BestSellers categoryId={categoryId} subcategoryId={subcategoryId} onSeeAll={() => change({ sort: 'popular' })} />
        )}
        <h2 className="sr-only">{t('listing.results')}</h2>
        {products.isPending ? (
          <>
            <span className="sr-only" role="status">
              {t('listing.loading')}
            </span>
            <ProductGridSkeleton count={8} />
          </>
        ) : isApiError(products.error) && products.error.status === 404 ? (
          // A page past the last one (an old link, an edited address): not an error to retry; the
          // server's message says how many pages there are, and the first page is one click away.
          <div className="flex flex-col items-center gap-4">
            <ErrorState tone="empty" message={products.error.message} />
            <ButtonLink to={hrefFor(1)}>{t('listing.browseAll')}</ButtonLink>
          </div>
        ) : loadError ? (
          <ErrorState message={t('listing.error')} onRetry={retry} retrying={products.isFetching} />
        ) : page && page.data.length === 0 ? (
          <div role="status" className="flex flex-col items-center gap-4 rounded-card border border-line bg-surface px-6 py-12 text-center">
            <SearchX aria-hidden="true" className="size-8 text-muted" />
            <p className="text-lg text-ink">{t('listing.empty')}</p>
            <p className="text-sm text-muted">{t('listing.emptyHint')}</p>
            <div className="flex flex-wrap justify-center gap-3">
              {hasActiveFilters(state) && (
                <button
                  type="button"
                  onClick={() => change({ search: '', color: null, minPrice: null, maxPrice: null, sort: null })}
                  className="inline-flex min-h-11 items-center rounded-full border border-primary/70 px-6 text-sm font-medium text-primary hover:bg-primary-soft"
                >
                  {t('filters.clear')}
                </button>
              )}
              <ButtonLink to="/shop">{t('listing.browseAll')}</ButtonLink>
            </div>
          </div>
        ) : page ? (
          <div aria-busy={products.isPlaceholderData} className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <div className="mb-4">
              <ShowingRange page={page.meta.page} perPage={page.meta.per_page} total={page.meta.total} capped={page.meta.total_capped} />
            </div>
            <ProductGrid products={page.data} />
            <Pagination page={page.meta.page} lastPage={page.meta.last_page} hrefFor={hrefFor} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
