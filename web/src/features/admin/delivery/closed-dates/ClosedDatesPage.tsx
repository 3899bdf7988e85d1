/**
 * /admin/closed-dates: a month calendar to close a day (with a reason) or reopen it, and the list of
 * upcoming closed days. Past days cannot be changed. Checkout refuses a closed day at once. Closing a
 * day with orders due lists them, each to move to the next open day or to keep.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toLocale } from '@shared/constants';
import { closedDateReasonSchema, type ClosedDateInput } from '@shared/schemas/delivery-admin';
import { Button } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import { Skeleton } from '@web/components/ui/Skeleton';
import { isApiError } from '@web/lib/api';
import { formatShopDate } from '@web/lib/format';
import { checkedBy, ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useCloseDate, useClosedDates, useOrdersDue, useReopenDate } from './api';
import { decisionsOf, resolveChoices, type DueOverrides, type ResolvedChoice } from './due-choices';
import { DueOrderChoices } from './DueOrderChoices';
import { addMonths, monthGrid } from './month';

/** The reason as typed, checked by the server's rule for it (an empty one is none). */
const closeDayFormSchema = z
  .object({ reason: z.string() })
  .transform((f) => ({ reason: f.reason.trim() || null }))
  .transform(checkedBy(closedDateReasonSchema));

type AllAtOnce = 'move' | 'keep';

/** Thrown by the dialog's save when a chosen slot has no room left (the list says which). */
class SlotsFull extends Error {}

/**
 * Closing a day: the orders still due that day are listed first, each with its slot and notes and a
 * choice: moved to the next open day (the server mails each customer), in its own slot or another of
 * that day, or kept on the closed day. The server refuses a close whose choices are not for exactly
 * the orders due (409), so orders placed meanwhile are shown before anything closes, and a slot that
 * filled up meanwhile (409 naming the order). More due orders than listed: all at once, move or keep.
 */
function CloseDayDialog({ date, onClose, onClosed }: { date: string; onClose: () => void; onClosed: (message: string) => void }) {
  const { t, i18n } = useTranslation(['admin-settings', 'admin']);
  const locale = toLocale(i18n.resolvedLanguage);
  const close = useCloseDate();
  const due = useOrdersDue(date);
  const dueCount = due.data?.total ?? 0;
  const nextDay = due.data?.next_open_day ?? null;
  const oneByOne = due.data !== undefined && due.data.orders.length === dueCount;
  const [overrides, setOverrides] = useState<DueOverrides>({});
  const choices = due.data ? resolveChoices(due.data, overrides) : new Map<number, ResolvedChoice>();
  const moving = [...choices.values()].filter((c) => c.action === 'move').length;
  /** The all-at-once choice of the button that submitted (Keep); none for the form's own submit. */
  const chosen = useRef<AllAtOnce | undefined>(undefined);
  const form = useShopForm(closeDayFormSchema, {
    defaultValues: { reason: '' },
    save: async ({ reason }) => {
      let choice: Pick<ClosedDateInput, 'due_orders' | 'decisions'> = {};
      if (dueCount > 0 && oneByOne) {
        if ([...choices.values()].some((c) => c.full)) throw new SlotsFull();
        choice = { decisions: decisionsOf(due.data!, choices) };
      } else if (dueCount > 0) {
        // Enter in the reason field: with orders due, the safe choice is to move them.
        choice = { due_orders: chosen.current ?? (nextDay ? 'move' : 'keep') };
      }
      chosen.current = undefined;
      try {
        const answer = await close.mutateAsync({ date, reason, ...choice });
        onClosed(answer.message);
        onClose();
      } catch (error) {
        // Orders came in (or went), or a slot filled up, meanwhile: show the list as it is now.
        if (isApiError(error) && error.status === 409) await due.refetch();
        throw error;
      }
    },
    failed: (error) =>
      error instanceof SlotsFull
        ? t('closed.dueFixSlots')
        : isApiError(error) && error.status === 409 && !(error.body as { order_id?: number } | undefined)?.order_id
          ? t('closed.dueChanged')
          : undefined,
  });
  const keep = () => {
    chosen.current = 'keep';
    void form.submit();
  };
  const busy = form.saving || due.isPending;
  const closedDay = formatShopDate(locale, date);
  const nextDayText = nextDay ? formatShopDate(locale, nextDay) : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('closed.closeTitle', { date: closedDay })}
      closeLabel={t('admin:actions.close')}
      size={dueCount > 0 ? 'xl' : 'md'}
    >
      <ShopForm form={form} className="space-y-4">
        {dueCount > 0 && (
          <div className="space-y-3" data-testid="due-orders">
            <div role="alert" className="space-y-1 rounded-xl bg-amber-100 p-3 text-sm text-amber-900">
              <p className="font-semibold">{t('closed.dueTitle', { count: dueCount })}</p>
              <p>
                {!nextDayText
                  ? t('closed.dueNoOpenDay')
                  : oneByOne
                    ? t('closed.dueChooseHint', { date: nextDayText })
                    : t('closed.dueHint')}
              </p>
            </div>
            {oneByOne ? (
              <>
                <DueOrderChoices
                  due={due.data!}
                  choices={choices}
                  closedDay={closedDay}
                  nextDay={nextDayText}
                  onChange={(id, change) => setOverrides((o) => ({ ...o, [id]: { ...o[id], ...change } }))}
                />
                <p className="text-sm font-medium text-ink" aria-live="polite">
                  {t('closed.dueSummary', { move: moving, keep: dueCount - moving })}
                </p>
              </>
            ) : (
              <ul className="space-y-1 text-sm">
                {due.data!.orders.map((o) => (
                  <li key={o.id}>
                    <Link to={`/admin/orders/edit/${o.id}`} className="underline underline-offset-2">
                      #{o.id} · <bdi>{o.customer_name}</bdi> · <bdi>{o.delivery_city}</bdi>
                    </Link>
                  </li>
                ))}
                <li>{t('closed.dueMore', { count: dueCount - due.data!.orders.length })}</li>
              </ul>
            )}
          </div>
        )}
        <Field label={t('closed.reason')} hint={t('closed.reasonHint')} maxLength={200} autoFocus {...form.field('reason')} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={form.saving}>
            {t('admin:actions.cancel')}
          </Button>
          {dueCount > 0 && !oneByOne ? (
            <>
              <Button variant="ghost" onClick={keep} disabled={busy}>
                {t('closed.dueKeep')}
              </Button>
              {nextDayText && (
                <SubmitButton form={form} disabled={due.isPending} busyLabel={t('admin:actions.saving')}>
                  {t('closed.dueMove', { date: nextDayText })}
                </SubmitButton>
              )}
            </>
          ) : (
            <SubmitButton form={form} disabled={due.isPending} busyLabel={t('admin:actions.saving')}>
              {t('closed.close')}
            </SubmitButton>
          )}
        </div>
      </ShopForm>
    </Modal>
  );
}

export default function ClosedDatesPage() {
  const { t, i18n } = useTranslation(['admin-settings', 'admin']);
  const locale = toLocale(i18n.resolvedLanguage);
  const query = useClosedDates();
  const reopen = useReopenDate();
  const today = query.data?.today;
  const [month, setMonth] = useState<string | null>(null);
  const [closing, setClosing] = useState<string | null>(null);
  const [reopening, setReopening] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const tag = locale === 'ar' ? 'ar-MA-u-nu-latn' : `${locale}-MA`;
  const shown = month ?? today?.slice(0, 7);
  const closed = new Map((query.data?.data ?? []).map((d) => [d.date, d.reason]));
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
  );
  const day = (d: string) => formatShopDate(locale, d);

  return (
    <>
      <PageHeader title={t('closed.title')} description={t('closed.description')} />
      {notice && (
        <FormMessage tone="success" className="mb-4">
          {notice}
        </FormMessage>
      )}
      {query.isError ? (
        <ErrorState message={t('admin:state.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !shown || !today ? (
        <Skeleton className="h-80 w-full" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,28rem)_1fr]">
          <section aria-labelledby="calendar-title" className="rounded-card border border-line bg-surface p-4 shadow-card">
            <div className="mb-3 flex items-center justify-between gap-2">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setMonth(addMonths(shown, -1))}
                disabled={shown <= today.slice(0, 7)}
                aria-label={t('closed.previous')}
              >
                <ChevronLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
              </Button>
              <h2 id="calendar-title" className="font-display text-lg text-ink capitalize" aria-live="polite">
                {new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
                  new Date(`${shown}-15T12:00:00Z`),
                )}
              </h2>
              <Button size="sm" variant="ghost" onClick={() => setMonth(addMonths(shown, 1))} aria-label={t('closed.next')}>
                <ChevronRight aria-hidden="true" className="size-5 rtl:rotate-180" />
              </Button>
            </div>
            <div role="grid" aria-labelledby="calendar-title" className="grid grid-cols-7 gap-1 text-center">
              <div role="row" className="contents">
                {weekdays.map((w) => (
                  <div key={w} role="columnheader" className="py-1 text-xs font-medium text-muted">
                    {w}
                  </div>
                ))}
              </div>
              {Array.from({ length: monthGrid(shown).length / 7 }, (_, week) => (
                <div key={week} role="row" className="contents">
                  {monthGrid(shown)
                    .slice(week * 7, week * 7 + 7)
                    .map((d, i) =>
                      d === null ? (
                        <div key={`gap-${i}`} role="gridcell" />
                      ) : (
                        <div key={d} role="gridcell">
                          <button
                            type="button"
                            disabled={d < today}
                            aria-pressed={closed.has(d)}
                            aria-label={closed.has(d) ? t('closed.closedDay', { date: day(d) }) : t('closed.openDay', { date: day(d) })}
                            title={closed.get(d) ?? undefined}
                            onClick={() => (closed.has(d) ? setReopening(d) : setClosing(d))}
                            className={cn(
                              'inline-flex size-10 items-center justify-center rounded-full text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-primary disabled:text-muted/60',
                              closed.has(d) ? 'bg-danger text-white hover:bg-danger/90' : 'hover:bg-sand',
                              d === today && !closed.has(d) && 'ring-1 ring-primary',
                            )}
                          >
                            {Number(d.slice(8))}
                          </button>
                        </div>
                      ),
                    )}
                </div>
              ))}
            </div>
            <p className="mt-3 text-xs text-muted">{t('closed.past')}</p>
          </section>
          <section aria-labelledby="upcoming-title">
            <h2 id="upcoming-title" className="mb-3 font-display text-xl text-ink">
              {t('closed.upcoming')}
            </h2>
            {closed.size === 0 ? (
              <p className="rounded-card border border-line bg-surface p-6 text-center text-sm text-muted">{t('closed.empty')}</p>
            ) : (
              <ul className="divide-y divide-line rounded-card border border-line bg-surface shadow-card">
                {[...closed].map(([d, reason]) => (
                  <li key={d} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                    <div>
                      <p className="font-medium text-ink">{day(d)}</p>
                      <p className="text-sm text-muted">{reason ?? t('closed.noReason')}</p>
                    </div>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setReopening(d)}
                      aria-label={t('closed.reopenTitle', { date: day(d) })}
                    >
                      {t('closed.reopen')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      {closing && <CloseDayDialog date={closing} onClose={() => setClosing(null)} onClosed={setNotice} />}
      <ConfirmDialog
        open={reopening !== null}
        title={reopening ? t('closed.reopenTitle', { date: day(reopening) }) : undefined}
        message={t('closed.reopenConfirm')}
        confirmLabel={t('closed.reopen')}
        busyLabel={t('admin:actions.saving')}
        tone="primary"
        onConfirm={() => reopen.mutateAsync(reopening!)}
        onClose={() => setReopening(null)}
      />
    </>
  );
}
