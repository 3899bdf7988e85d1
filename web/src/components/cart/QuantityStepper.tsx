import { Minus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui';

type Props = {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
  /** Accessible name of the number field, e.g. "Quantity of Red roses". */
  label: string;
  id?: string;
  size?: 'sm' | 'md';
};

/** − [n] + ; typing is allowed, committed on blur or Enter. */
export function QuantityStepper({ value, onChange, min = 1, max, disabled, label, id, size = 'md' }: Props) {
  const { t } = useTranslation('cart');
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const clamp = (n: number) => {
    let next = Math.floor(n);
    if (max != null && max > 0) next = Math.min(next, max);
    return Math.max(next, min);
  };
  const commit = () => {
    const n = Number(draft);
    if (!Number.isFinite(n) || draft.trim() === '') {
      setDraft(String(value));
      return;
    }
    const next = clamp(n);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  const btn = cn(
    'inline-flex items-center justify-center text-ink transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:opacity-40',
    size === 'sm' ? 'size-9' : 'size-11',
  );
  return (
    <div className="inline-flex items-center rounded-full border border-line bg-surface">
      <button
        type="button"
        className={cn(btn, 'rounded-s-full')}
        onClick={() => onChange(clamp(value - 1))}
        disabled={disabled || value <= min}
        aria-label={t('quantity.decrease')}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max && max > 0 ? max : undefined}
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        className={cn(
          'w-12 border-x border-line bg-transparent text-center tabular-nums [appearance:textfield] focus:outline-none focus-visible:bg-primary-soft [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          size === 'sm' ? 'h-9 text-sm' : 'h-11',
        )}
      />
      <button
        type="button"
        className={cn(btn, 'rounded-e-full')}
        onClick={() => onChange(clamp(value + 1))}
        disabled={disabled || (max != null && max > 0 && value >= max)}
        aria-label={t('quantity.increase')}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
