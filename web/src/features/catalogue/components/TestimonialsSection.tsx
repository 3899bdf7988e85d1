import { useQuery } from '@tanstack/react-query';
import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@shared/constants';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { testimonialsQuery } from '../api';
import { Stars } from './StarRating';
import { DeferredTestimonialForm } from './DeferredTestimonialForm';

/** The first six confirmed testimonials and the form to add one. */
export function TestimonialsSection() {
  const { t } = useTranslation('catalogue');
  const { data, isPending, isError, isFetching, refetch } = useQuery(testimonialsQuery(PAGE_SIZES.testimonialsShown));
  return (
    <section aria-labelledby="home-testimonials-title" className="bg-blush/50 py-12 sm:py-16">
      <div className="container-shop">
        <div className="mb-8 max-w-2xl">
          <h2 id="home-testimonials-title" className="mb-3 text-3xl text-ink sm:text-4xl">
            {t('testimonials.title')}
          </h2>
          <p className="text-muted">{t('testimonials.subtitle')}</p>
        </div>
        <div className="grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <div>
            {isPending ? (
              <div aria-busy="true">
                <span className="sr-only" role="status">
                  {t('testimonials.loading')}
                </span>
                <ul className="grid gap-4 sm:grid-cols-2">
                  {Array.from({ length: 4 }, (_, i) => (
                    <li key={i} className="space-y-3 rounded-card bg-surface p-5 ring-1 ring-line/60">
                      <Skeleton className="h-4 w-24" />
                      <Skeleton className="h-4 w-full" />
                      <Skeleton className="h-4 w-2/3" />
                    </li>
                  ))}
                </ul>
              </div>
            ) : isError ? (
              <ErrorState message={t('testimonials.error')} onRetry={() => void refetch()} retrying={isFetching} />
            ) : data.length === 0 ? (
              <p className="rounded-card bg-surface p-6 text-muted ring-1 ring-line/60">{t('testimonials.empty')}</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {data.map((item) => (
                  <li key={item.id}>
                    <figure className="flex h-full flex-col gap-3 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60">
                      <div className="flex items-center justify-between">
                        <Stars rating={item.rating} />
                        <Quote aria-hidden="true" className="size-5 text-rose-light rtl:-scale-x-100" />
                      </div>
                      <blockquote className="flex-1 text-sm text-ink">
                        <p dir="auto">{item.content}</p>
                      </blockquote>
                      <figcaption className="text-sm font-semibold text-primary">
                        {item.user?.name || t('testimonials.anonymous')}
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <DeferredTestimonialForm />
        </div>
      </div>
    </section>
  );
}
