import { useTranslation } from 'react-i18next';
import type { Color } from '@shared/schemas/catalogue';

export const MAX_COLOR_DOTS = 4;

/** At most four colour dots, then "+n" for the rest. */
export function ColorDots({ colors }: { colors: Color[] }) {
  const { t } = useTranslation('catalogue');
  if (colors.length === 0) return null;
  const shown = colors.slice(0, MAX_COLOR_DOTS);
  const more = colors.length - shown.length;
  return (
    <div className="flex items-center gap-1.5">
      <span className="sr-only">{t('card.colors', { names: colors.map((c) => c.name).join(', ') })}</span>
      <ul aria-hidden="true" className="flex items-center gap-1" data-testid="color-dots">
        {shown.map((color) => (
          <li
            key={color.id}
            title={color.name}
            className="size-3.5 rounded-full ring-1 ring-ink/20"
            style={{ backgroundColor: color.hex_code }}
          />
        ))}
      </ul>
      {more > 0 && (
        <span aria-hidden="true" className="text-xs font-medium text-muted">
          +{more}
        </span>
      )}
    </div>
  );
}
