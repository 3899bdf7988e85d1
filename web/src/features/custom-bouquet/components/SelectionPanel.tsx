import { Minus, Plus, Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Price } from '@web/components/ui';
import { MAX_PER_LINE, subtotalOf, type CustomLine } from '../selection';

type Props = {
  /** The panel's heading, to take the focus (the phone's summary bar leads here). */
  ref?: Ref<HTMLHeadingElement>;
  lines: CustomLine[];
  onQuantity: (id: string, quantity: number) => void;
  onRemove: (id: string) => void;
  onProceed: () => void;
};

/** The chosen stems: minus, plus and remove per line; subtotal and total; "Proceed to checkout". */
export function SelectionPanel({ ref, lines, onQuantity, onRemove, onProceed }: Props) {
  const { t } = useTranslation('custom-bouquet');
  const subtotal = subtotalOf(lines);
  return (
    <section aria-labelledby="custom-selection-title" className="rounded-card border border-line bg-surface p-4 sm:p-5">
      <h2 id="custom-selection-title" ref={ref} tabIndex={-1} className="scroll-mt-28 font-display text-xl text-ink focus:outline-none">
        {t('selection.title')}
      </h2>
      {lines.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('selection.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-live="polite">
          {lines.map((l) => {
            const label = l.selectedColor ? t('selection.lineLabel', { name: l.name, color: l.selectedColor.name }) : l.name;
            return (
              <li key={l.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="selection-line">
                <span
                  aria-hidden="true"
                  className="size-4 shrink-0 rounded-full border border-black/15"
                  style={{ backgroundColor: l.selectedColor?.hex_code ?? '#d98aa0' }}
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink">{l.name}</p>
                  <p className="text-xs text-muted">
                    {l.selectedColor ? `${l.selectedColor.name} · ` : ''}
                    <Price amount={l.price} className="text-xs font-normal" />
                  </p>
                </div>
                <div className="flex items-center gap-1" role="group" aria-label={t('selection.quantityOf', { name: label })}>
                  <button
                    type="button"
                    className="inline-flex size-9 items-center justify-center rounded-full border border-line text-ink hover:bg-primary-soft"
                    aria-label={t('selection.decrease', { name: label })}
                    onClick={() => onQuantity(l.id, l.quantity - 1)}
                  >
                    <Minus aria-hidden="true" className="size-4" />
                  </button>
                  <output
                    className="min-w-8 text-center text-sm font-semibold tabular-nums"
                    aria-label={t('selection.quantityOf', { name: label })}
                  >
                    {l.quantity}
                  </output>
                  <button
                    type="button"
                    className="inline-flex size-9 items-center justify-center rounded-full border border-line text-ink hover:bg-primary-soft disabled:opacity-40"
                    aria-label={t('selection.increase', { name: label })}
                    disabled={l.quantity >= MAX_PER_LINE || (l.stock !== undefined && l.quantity >= l.stock)}
                    onClick={() => onQuantity(l.id, l.quantity + 1)}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className="ms-1 inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-danger-soft hover:text-danger"
                    aria-label={t('selection.remove', { name: label })}
                    onClick={() => onRemove(l.id)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <dl className="mt-4 space-y-1.5 border-t border-line pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">{t('selection.subtotal')}</dt>
          <dd>
            <Price amount={subtotal} />
          </dd>
        </div>
        <div className="flex justify-between text-base">
          <dt className="font-semibold text-ink">{t('selection.total')}</dt>
          <dd data-testid="selection-total">
            <Price amount={subtotal} />
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-muted">{t('selection.deliveryNote')}</p>
      <Button type="button" className="mt-4 w-full" disabled={lines.length === 0} onClick={onProceed}>
        {t('selection.proceed')}
      </Button>
    </section>
  );
}
