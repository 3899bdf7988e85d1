import { ChevronDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Price } from '@web/components/ui';
import { liftToasts } from '@web/components/ui/toast';
import { subtotalOf, type CustomLine } from '../selection';

/**
 * The phone's running summary of the builder: how many stems are chosen and their total, kept at the
 * bottom of the screen while the shopper scrolls the grid (the selection itself is below it), with a
 * button to the selection. Toasts rise above it so they never cover the total. Hidden from lg up,
 * where the selection stays beside the grid.
 */
export function SelectionBar({ lines, onShow }: { lines: CustomLine[]; onShow: () => void }) {
  const { t } = useTranslation('custom-bouquet');
  const bar = useRef<HTMLDivElement>(null);
  const stems = lines.reduce((n, l) => n + l.quantity, 0);

  useEffect(() => {
    const node = bar.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    // Its height is 0 where it is hidden (lg and up): toasts then keep their own place.
    const observer = new ResizeObserver(() => liftToasts(node.offsetHeight));
    observer.observe(node);
    return () => {
      observer.disconnect();
      liftToasts(0);
    };
  }, []);

  return (
    <div
      ref={bar}
      data-testid="selection-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-8 border-t border-line bg-surface/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-ink" aria-live="polite">
          <span className="whitespace-nowrap">{t('selection.stems', { count: stems })}</span>
          <span aria-hidden="true" className="mx-1.5 text-muted">
            ·
          </span>
          <Price amount={subtotalOf(lines)} className="whitespace-nowrap font-semibold" />
        </p>
        <Button size="sm" variant="secondary" className="shrink-0 whitespace-nowrap" onClick={onShow}>
          {t('selection.mobileView')}
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
