import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shared/schemas/catalogue';
import { cn } from '@web/components/ui/cn';
import { ProductPicture } from './ProductImage';

/**
 * Main picture and thumbnails. Thumbnails are buttons (Tab, Enter/Space); the arrow keys move between
 * them, mirrored in right-to-left.
 */
export function ProductGallery({ product, sizes, eager }: { product: Product; sizes: string; eager?: boolean }) {
  const { t, i18n } = useTranslation('catalogue');
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const images = product.images;
  const current = images[Math.min(index, Math.max(images.length - 1, 0))] ?? null;

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const rtl = i18n.dir() === 'rtl';
    const step = event.key === 'ArrowRight' ? (rtl ? -1 : 1) : event.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    let next = index + step;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = images.length - 1;
    else if (step === 0) return;
    event.preventDefault();
    next = (next + images.length) % images.length;
    setIndex(next);
    thumbs.current[next]?.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-[4/5] overflow-hidden rounded-card bg-sand">
        <ProductPicture
          product={product}
          image={current}
          sizes={sizes}
          eager={eager}
          priority={eager}
          alt={images.length > 1 ? t('gallery.imageOf', { name: product.name, n: index + 1, total: images.length }) : product.name}
        />
      </div>
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('gallery.thumbnails')} onKeyDown={onKeyDown}>
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={t('gallery.show', { n: i + 1, total: images.length })}
                className={cn(
                  'block size-16 overflow-hidden rounded-lg ring-2 transition sm:size-20',
                  i === index ? 'ring-primary' : 'ring-transparent hover:ring-line',
                )}
              >
                <ProductPicture product={product} image={image} sizes="80px" alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
