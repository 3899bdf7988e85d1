import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@web/components/ui/ErrorState';
import { categoriesQuery } from '../api';
import { CategoryCard, CategoryCardSkeleton } from './CategoryCard';

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4';

/** The home page's categories grid, with skeletons, empty and error states. */
export function CategoriesSection() {
  const { t } = useTranslation('catalogue');
  const { data, isPending, isError, refetch, isFetching } = useQuery(categoriesQuery());

  return (
    <section aria-labelledby="home-categories-title" className="container-shop py-12 sm:py-16">
      <div className="mb-8 max-w-2xl sm:mb-10">
        <h2 id="home-categories-title" className="mb-3 text-3xl text-ink sm:text-4xl">
          {t('home.categories.title')}
        </h2>
        <p className="text-muted">{t('home.categories.subtitle')}</p>
      </div>
      {isPending ? (
        <div className={gridClass} aria-busy="true">
          <span className="sr-only" role="status">
            {t('home.categories.loading')}
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            <CategoryCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <ErrorState message={t('home.categories.error')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <ErrorState tone="empty" message={t('home.categories.empty')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <ul className={gridClass}>
          {data.map((category, index) => (
            <li key={category.id}>
              <CategoryCard category={category} eager={index < 2} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
