import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '@web/lib/images';
import { occasionsQuery } from '../api';

/**
 * The home page's occasion tiles, each to its page; an occasion whose highlight window holds today
 * comes first, marked "right now" (the home page then shows this section right under the hero).
 */
export function OccasionsSection() {
  const { t } = useTranslation('catalogue');
  const { data } = useQuery(occasionsQuery());
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="home-occasions-title" className="container-shop py-10 sm:py-14">
      <h2 id="home-occasions-title" className="mb-6 text-3xl text-ink sm:text-4xl">
        {t('home.occasions.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
        {data.map((o) => {
          const src = imageUrl(o.image_path);
          return (
            <li key={o.id}>
              <Link
                to={`/occasion/${o.slug}`}
                className="group relative flex aspect-[4/3] items-end overflow-hidden rounded-card bg-sand shadow-card ring-1 ring-line/60"
              >
                {src ? (
                  <img
                    src={src}
                    alt=""
                    width={480}
                    height={360}
                    loading="lazy"
                    decoding="async"
                    className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
                  />
                ) : (
                  <Gift aria-hidden="true" strokeWidth={1} className="absolute inset-0 m-auto size-1/3 text-primary/60" />
                )}
                <span className="relative m-2 flex flex-col items-start gap-1">
                  {o.highlighted && (
                    <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white">{t('home.occasions.lead')}</span>
                  )}
                  <span className="rounded-full bg-surface/95 px-3 py-1 text-sm font-semibold text-ink">{o.name}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
