import { Check, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SingleStem } from '@shared/schemas/custom-bouquet';
import { Button, Price, cn } from '@web/components/ui';
import { imageUrl } from '@web/lib/images';
import { BouquetArt } from '@web/components/BouquetArt';
import type { SelectedColor } from '../selection';

type Props = { stem: SingleStem; onAdd: (stem: SingleStem, color: SelectedColor | null) => void; eager?: boolean };

/** One single stem: picture, name, price, colour choice (the first colour by default) and "Add to selection". */
export function StemCard({ stem, onAdd, eager }: Props) {
  const { t } = useTranslation('custom-bouquet');
  const [colorId, setColorId] = useState<number | null>(stem.colors[0]?.id ?? null);
  const [failed, setFailed] = useState(false);
  const groupId = useId();
  const color = stem.colors.find((c) => c.id === colorId) ?? stem.colors[0] ?? null;
  const src = imageUrl(stem.image_url);
  const soldOut = !stem.in_stock;

  return (
    <article className="flex flex-col overflow-hidden rounded-card border border-line bg-surface" data-testid="stem-card">
      <div className="relative aspect-[4/5] bg-blush">
        {src && !failed ? (
          <img
            src={src}
            srcSet={stem.srcset ?? undefined}
            sizes="(min-width: 1024px) 240px, 50vw"
            alt={stem.name}
            width={stem.image_width ?? 640}
            height={stem.image_height ?? 800}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setFailed(true)}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-blush to-primary-soft">
            <BouquetArt className="h-4/5" />
          </div>
        )}
        {soldOut && (
          <span className="absolute start-2 top-2 rounded-full bg-ink/80 px-2.5 py-1 text-xs font-medium text-white">
            {t('grid.soldOut')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="font-display text-base leading-tight text-ink sm:text-lg">{stem.name}</h3>
        <Price amount={stem.final_price} originalAmount={stem.discount > 0 ? stem.price : null} className="text-sm" />
        {stem.colors.length > 0 && (
          <fieldset className="mt-1">
            <legend id={groupId} className="sr-only">
              {t('grid.chooseColor', { name: stem.name })}
            </legend>
            <div className="flex flex-wrap gap-2">
              {stem.colors.map((c) => {
                const selected = c.id === color?.id;
                return (
                  <label key={c.id} className="relative cursor-pointer" title={c.name}>
                    <input
                      type="radio"
                      name={`color-${stem.id}`}
                      value={c.id}
                      checked={selected}
                      onChange={() => setColorId(c.id)}
                      className="peer sr-only"
                      aria-label={c.name}
                    />
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-8 items-center justify-center rounded-full border-2 transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary',
                        selected ? 'border-primary' : 'border-line',
                      )}
                    >
                      <span className="size-6 rounded-full border border-black/10" style={{ backgroundColor: c.hex_code }} />
                      {selected && <Check className="absolute size-3.5 text-white mix-blend-difference" />}
                    </span>
                  </label>
                );
              })}
            </div>
            <p className="mt-1.5 text-xs text-muted">
              {color && colorId === stem.colors[0]?.id
                ? t('grid.defaultColor', { color: color.name })
                : t('grid.chosenColor', { color: color?.name ?? '' })}
            </p>
          </fieldset>
        )}
        <Button
          type="button"
          size="sm"
          className="mt-auto w-full whitespace-nowrap"
          disabled={soldOut}
          onClick={() => onAdd(stem, color ? { id: color.id, name: color.name, hex_code: color.hex_code } : null)}
          aria-label={color ? t('grid.addNamedColor', { name: stem.name, color: color.name }) : t('grid.addNamed', { name: stem.name })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {soldOut ? t('grid.soldOut') : t('grid.addShort')}
        </Button>
      </div>
    </article>
  );
}
