/** A quantity with − and + buttons big enough for a thumb, and the number typed directly. */
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = 50,
}: {
  value: number;
  onChange: (n: number) => void;
  label: string;
  min?: number;
  max?: number;
}) {
  const { t } = useTranslation('admin-sales');
  const clamp = (n: number) => Math.min(max, Math.max(min, Number.isFinite(n) ? Math.round(n) : min));
  const button =
    'flex size-11 items-center justify-center rounded-lg border border-line bg-surface text-ink hover:bg-sand disabled:opacity-40';
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-1">
      <button
        type="button"
        className={button}
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= min}
        aria-label={t('lines.less', { item: label })}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        aria-label={t('lines.quantityOf', { item: label })}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
        className="h-11 w-14 rounded-lg border border-line bg-surface text-center text-base tabular-nums"
      />
      <button
        type="button"
        className={button}
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= max}
        aria-label={t('lines.more', { item: label })}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
