/**
 * /admin/orders/today: the workshop sheet the bench and the driver work from, for today, tomorrow or
 * a chosen day (`?day=tomorrow`, `?day=2026-02-14`: a bookmark keeps its meaning). Orders grouped by
 * delivery zone, each with its recipient (tap to call, or WhatsApp), the address in its own writing
 * direction, what to make, the card's words, the substitution choice and the notes; one tap marks an
 * order out for delivery or delivered, with an Undo. Printable on A4 (one order never split across
 * pages) and as a PDF.
 */
import { CreditCard, FileDown, Printer } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OrderStatus } from '@shared/constants';
import type { WorkshopSheet } from '@shared/schemas/workshop';
import { Button, buttonClasses } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { cn } from '@web/components/ui/cn';
import { inputClasses } from '@web/components/ui/form-fields';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { formatShopDate } from '@web/lib/format';
import { PageHeader } from '../components/PageHeader';
import { useLocale } from '../components/format';
import { UndoBar } from './UndoBar';
import { ProductionPanel } from './ProductionPanel';
import { WorkshopOrderCard } from './WorkshopOrderCard';
import { dayCardsUrl } from './workshop-bench-api';
import { useWorkshopSheet, useWorkshopStatus, type StatusMove } from './workshop-api';

// On paper: the sheet alone (the back office's menu, header and buttons stay off), A4 with margins,
// an order never cut in two by a page break.
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 12mm; }
  body * { visibility: hidden; }
  #workshop-sheet, #workshop-sheet * { visibility: visible; }
  #workshop-sheet { position: absolute; inset-inline: 0; inset-block-start: 0; }
  #workshop-sheet .workshop-order { break-inside: avoid; page-break-inside: avoid; }
  #workshop-sheet .workshop-zone-title { break-after: avoid; page-break-after: avoid; }
}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Undo = { id: number; from: OrderStatus; to: OrderStatus; version: number; payment_status: StatusMove['order']['payment_status'] };

export default function WorkshopPage() {
  const { t } = useTranslation('admin-sales');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const raw = params.get('day') ?? '';
  const day = raw === 'tomorrow' || DAY.test(raw) ? raw : undefined;
  const query = useWorkshopSheet(day);
  const sheet = query.data;
  const move = useWorkshopStatus();
  const [undo, setUndo] = useState<Undo | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const closeUndo = useCallback(() => setUndo(null), []);

  const chooseDay = (next: string | null) => {
    const p = new URLSearchParams(params);
    if (next) p.set('day', next);
    else p.delete('day');
    setParams(p, { replace: true });
  };

  const failed = (error: unknown) => toast.error(isApiError(error) && error.message ? error.message : t('workshop.moveFailed'));

  const mark = async (order: WorkshopSheet['zones'][number]['orders'][number], to: OrderStatus) => {
    try {
      const answer = await move.mutateAsync({ order, to });
      setUndo({ id: order.id, from: order.order_status, to, version: answer.data.version, payment_status: order.payment_status });
    } catch (error) {
      failed(error);
    }
  };

  const undoLast = async () => {
    if (!undo) return;
    setUndo(null);
    try {
      await move.mutateAsync({ order: { id: undo.id, version: undo.version, payment_status: undo.payment_status }, to: undo.from });
      toast.success(t('workshop.undone', { id: undo.id, status: t(`common:orderStatus.${undo.from}`) }));
    } catch (error) {
      failed(error);
    }
  };

  const downloadPdf = async () => {
    if (!sheet) return;
    setPdfBusy(true);
    try {
      const { downloadWorkshopPdf } = await import('./download-workshop-pdf');
      await downloadWorkshopPdf(sheet, t, locale);
    } catch {
      toast.error(t('workshop.pdfFailed'));
    } finally {
      setPdfBusy(false);
    }
  };

  const isToday = sheet ? sheet.day === sheet.today : !day;
  const isTomorrow = sheet ? sheet.day === sheet.tomorrow : day === 'tomorrow';
  const busyId = move.isPending ? move.variables?.order.id : undefined;

  return (
    <>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('workshop.title')}
        description={t('workshop.intro')}
        actions={
          <>
            <Button variant="secondary" onClick={() => window.print()} disabled={!sheet}>
              <Printer aria-hidden="true" className="size-4" />
              {t('workshop.print')}
            </Button>
            <Button variant="secondary" onClick={() => void downloadPdf()} disabled={!sheet || pdfBusy} aria-busy={pdfBusy}>
              <FileDown aria-hidden="true" className="size-4" />
              {t('workshop.pdf')}
            </Button>
            {sheet && <DayCardsLink day={sheet.day} />}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <Button variant={isToday ? 'primary' : 'secondary'} aria-pressed={isToday} onClick={() => chooseDay(null)}>
          {t('workshop.today')}
        </Button>
        <Button variant={isTomorrow ? 'primary' : 'secondary'} aria-pressed={isTomorrow} onClick={() => chooseDay('tomorrow')}>
          {t('workshop.tomorrow')}
        </Button>
        <label className="flex flex-col gap-1 text-sm text-muted">
          {t('workshop.day')}
          <input
            type="date"
            className={cn(inputClasses, 'min-h-11 w-auto border-line py-2')}
            value={sheet?.day ?? ''}
            onChange={(e) => DAY.test(e.target.value) && chooseDay(e.target.value)}
          />
        </label>
      </div>
      <ProductionPanel day={day} />
      {query.isError ? (
        <ErrorState message={t('workshop.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !sheet ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div id="workshop-sheet" className="space-y-6">
          <h2 className="font-display text-xl text-ink">{t('workshop.sheetTitle', { date: formatShopDate(locale, sheet.day) })}</h2>
          {sheet.zones.length === 0 ? (
            <p className="rounded-card border border-line bg-surface p-4 text-sm text-muted">{t('workshop.empty')}</p>
          ) : (
            sheet.zones.map((zone) => (
              <section key={zone.zone_id ?? `city-${zone.name}`} aria-labelledby={`zone-${zone.zone_id ?? zone.name}`}>
                <h3
                  id={`zone-${zone.zone_id ?? zone.name}`}
                  className="workshop-zone-title mb-2 text-sm font-semibold tracking-wide text-muted uppercase"
                >
                  <bdi>{zone.name}</bdi> · {t('workshop.orders', { count: zone.orders.length })}
                </h3>
                <ul className="space-y-3">
                  {zone.orders.map((order) => (
                    <WorkshopOrderCard key={order.id} order={order} busy={busyId === order.id} onMark={(to) => void mark(order, to)} />
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      )}
      {undo && (
        <UndoBar
          message={t('workshop.moved', { id: undo.id, status: t(`common:orderStatus.${undo.to}`) })}
          undoLabel={t('workshop.undo')}
          dismissLabel={t('workshop.dismiss')}
          onUndo={() => void undoLast()}
          onClose={closeUndo}
        />
      )}
    </>
  );
}

/** The day's gift cards as a PDF, one card a page (a plain link: the server draws them). */
function DayCardsLink({ day }: { day: string }) {
  const { t, i18n } = useTranslation('admin-workshop');
  return (
    <a href={dayCardsUrl(day, i18n.language)} download className={buttonClasses({ variant: 'secondary' })}>
      <CreditCard aria-hidden="true" className="size-4" />
      {t('cards.day')}
    </a>
  );
}
