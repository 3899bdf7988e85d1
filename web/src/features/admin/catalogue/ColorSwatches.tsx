import { useTranslation } from 'react-i18next';
import type { Color } from '@shared/schemas/catalogue';

/** At most three colour dots, then "+N". Names are read out, not only shown. */
export function ColorSwatches({ colors, max = 3 }: { colors: Color[]; max?: number }) {
  const { t } = useTranslation('admin-catalogue');
  if (colors.length === 0) return <span className="text-muted">—</span>;
  const shown = colors.slice(0, max);
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={colors.map((c) => c.name).join(', ')}>
      {shown.map((c) => (
        <span key={c.id} title={c.name} className="size-5 rounded-full border border-line" style={{ backgroundColor: c.hex_code }} />
      ))}
      {colors.length > max && <span className="text-xs text-muted">{t('products.moreColors', { count: colors.length - max })}</span>}
    </span>
  );
}
