import { useState } from 'react';
import type { Product, ProductImage as ProductImageData } from '@shared/schemas/catalogue';
import { cn } from '@web/components/ui/cn';
import { imageUrl } from '@web/lib/images';
import { BouquetArt } from '@web/components/BouquetArt';

type Props = {
  product: Pick<Product, 'name' | 'image_path' | 'images'>;
  /** Which picture of the product (default the first). */
  image?: ProductImageData | null;
  /** `sizes` for srcset: how wide the picture shows. */
  sizes: string;
  eager?: boolean;
  /** The page's largest picture above the fold (its LCP): fetched before the others. */
  priority?: boolean;
  className?: string;
  alt?: string;
};

/**
 * A product picture in a fixed 4:5 frame: width and height set (no layout shift), every width in
 * srcset, lazy unless it is among the first a page shows, high priority only for the page's main one. A drawn bouquet stands in when there is none.
 */
export function ProductPicture({ product, image, sizes, eager, priority, className, alt }: Props) {
  const [failed, setFailed] = useState(false);
  const picture = image === undefined ? (product.images[0] ?? null) : image;
  const src = imageUrl(picture?.image_path ?? product.image_path);
  if (!src || failed) {
    return (
      <div
        data-testid="product-image-fallback"
        className={cn('flex size-full items-center justify-center bg-gradient-to-br from-blush to-primary-soft', className)}
      >
        <BouquetArt className="h-4/5" />
        {alt !== '' && <span className="sr-only">{alt ?? product.name}</span>}
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={picture?.srcset || undefined}
      sizes={picture?.srcset ? sizes : undefined}
      alt={alt ?? product.name}
      width={picture?.width || 640}
      height={picture?.height || 800}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('size-full object-cover', className)}
    />
  );
}
