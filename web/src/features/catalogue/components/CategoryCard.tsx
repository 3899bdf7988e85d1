import { ArrowRight, Flower, Flower2, Leaf, Wheat, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Category } from '@shared/schemas/catalogue';
import { Skeleton } from '@web/components/ui/Skeleton';
import { imageUrl } from '@web/lib/images';

const FALLBACK_ICONS: Record<number, LucideIcon> = { 1: Flower2, 2: Flower, 3: Wheat, 4: Leaf };
const FALLBACK_TINTS = [
  'from-blush to-rose-light/60',
  'from-primary-soft to-sand',
  'from-sand to-[#efe2cf]',
  'from-primary-soft to-[#cfe1d6]',
];

/** The picture of a category, or a calm drawn panel when it has none (or it fails to load). */
export function CategoryImage({ category, eager }: { category: Category; eager?: boolean }) {
  const src = imageUrl(category.image_path);
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        width={480}
        height={600}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
      />
    );
  }
  const Icon = FALLBACK_ICONS[category.id] ?? Flower2;
  const tint = FALLBACK_TINTS[(category.id - 1 + FALLBACK_TINTS.length) % FALLBACK_TINTS.length];
  return (
    <div data-testid="category-image-fallback" className={`flex size-full items-center justify-center bg-gradient-to-br ${tint}`}>
      <Icon aria-hidden="true" strokeWidth={1} className="size-1/3 text-primary/70" />
    </div>
  );
}

export function CategoryCard({ category, eager }: { category: Category; eager?: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <Link
      to={`/category/${category.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line/60 transition-shadow hover:shadow-lg"
    >
      <div className="aspect-[4/5] overflow-hidden bg-sand">
        <CategoryImage category={category} eager={eager} />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4 sm:p-5">
        <h3 className="text-lg text-ink sm:text-xl">{category.name}</h3>
        {category.description && <p className="line-clamp-2 text-sm text-muted">{category.description}</p>}
        <span className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-primary">
          {t('home.categories.explore')}
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
          />
        </span>
      </div>
    </Link>
  );
}

export function CategoryCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-card bg-surface ring-1 ring-line/60">
      <Skeleton className="aspect-[4/5] rounded-none" />
      <div className="space-y-2 p-4 sm:p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
      </div>
    </div>
  );
}
