import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@shared/constants';
import { ErrorState } from '@web/components/ui/ErrorState';
import { featuredQuery } from '../api';
import { Pagination } from '@web/components/ui/Pagination';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

/** "Showing 1-10 of 24"; "of 1000+" when the server counted only so far (a search: `total_capped`). */
export function ShowingRange({ page, perPage, total, capped = false }: { page: number; perPage: number; total: number; capped?: boolean }) {
  const { t } = useTranslation('catalogue');
  if (total === 0) return null;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return <p className="text-sm text-muted">{t(capped ? 'showingCapped' : 'showing', { from, to, total })}</p>;
}

/** Featured products, 10 a page, with paging. */
export function FeaturedSection() {
  const { t } = useTranslation('catalogue');
  const [page, setPage] = useState(1);
  const perPage = PAGE_SIZES.featured;
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useQuery(featuredQuery(page, perPage));

  function goTo(next: number) {
    setPage(next);
    document.getElementById('home-featured-title')?.scrollIntoView({ block: 'start' });
  }

  return (
    <section aria-labelledby="home-featured-title" className="container-shop py-12 sm:py-16">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="home-featured-title" className="mb-3 text-3xl text-ink sm:text-4xl">
            {t('home.featured.title')}
          </h2>
          <p className="text-muted">{t('home.featured.subtitle')}</p>
        </div>
        {data && <ShowingRange page={data.meta.page} perPage={data.meta.per_page} total={data.meta.total} />}
      </div>
      {isPending ? (
        <>
          <span className="sr-only" role="status">
            {t('home.featured.loading')}
          </span>
          <ProductGridSkeleton count={perPage} />
        </>
      ) : isError ? (
        <ErrorState message={t('home.featured.error')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.data.length === 0 ? (
        <ErrorState tone="empty" message={t('home.featured.empty')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ProductGrid products={data.data} eagerCount={0} className="xl:grid-cols-5" />
          <Pagination page={page} lastPage={data.meta.last_page} onPage={goTo} label={t('home.featured.pages')} />
        </div>
      )}
    </section>
  );
}
