/**
 * /admin/round: the driver's phone view. Its stops of the day in driving order (a date picker for
 * another day), each with call, WhatsApp and map links, the card message to hand over and the cash to
 * collect; "delivered" with an optional photo, "cash collected" with the amount, "could not deliver"
 * with a reason. In the driver's language, right to left in Arabic.
 */
import { Camera, CircleCheck, CircleX, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { RoundStop } from '@shared/schemas/rounds';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { Price } from '@web/components/ui/Price';
import { Spinner } from '@web/components/ui/Spinner';
import { toast } from '@web/components/ui/toast';
import { numberOrNull, ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { PageHeader } from '../components/PageHeader';
import { useCollectCash, useMarkDelivered, useMarkNotDelivered, useMyRound } from './api';

const linkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-line bg-surface px-3 text-sm font-medium text-ink hover:bg-sand focus-visible:outline-2 focus-visible:outline-primary';

/** "Delivered": the photo is optional; a refused photo (too big, not an image) is said under it. */
const deliveredForm = z.object({ photo: z.instanceof(File).nullable() });

/** The cash taken at the door, typed with a comma or a point. */
const cashForm = z
  .object({
    amount: z.string().refine((text) => {
      const value = numberOrNull(text);
      return value !== null && Number.isFinite(value) && value > 0;
    }, 'admin-rounds:stop.amountInvalid'),
  })
  .transform((f) => ({ amount: numberOrNull(f.amount)! }));

const notDeliveredForm = z.object({ reason: z.string().trim().min(1, 'admin-rounds:stop.reasonRequired') });

function DeliveredForm({ stop }: { stop: RoundStop }) {
  const { t } = useTranslation('admin-rounds');
  const delivered = useMarkDelivered();
  const form = useShopForm(deliveredForm, {
    defaultValues: { photo: null },
    save: async ({ photo }) => {
      const answer = await delivered.mutateAsync({ orderId: stop.order_id, photo });
      toast.success(answer.message);
    },
    failed: t('stop.failedToSave'),
  });
  const id = useId();
  const error = form.errorText('photo');
  return (
    <ShopForm form={form} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        <Camera aria-hidden="true" className="me-1 inline size-4" />
        {t('stop.photo')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        aria-invalid={error ? true : undefined}
        onChange={(e) => form.setValue('photo', e.target.files?.[0] ?? null)}
        className="block w-full min-w-0 text-sm text-ink file:me-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-sand file:px-3 file:text-ink"
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <SubmitButton form={form} busyLabel={t('stop.saving')}>
        <CircleCheck aria-hidden="true" className="size-4" />
        {t('stop.markDelivered')}
      </SubmitButton>
    </ShopForm>
  );
}

function CashForm({ stop }: { stop: RoundStop }) {
  const { t } = useTranslation('admin-rounds');
  const collect = useCollectCash();
  const form = useShopForm(cashForm, {
    defaultValues: { amount: String(stop.cash_due) },
    save: ({ amount }) => collect.mutateAsync({ orderId: stop.order_id, amount }),
    saved: t('stop.cashSaved'),
    failed: t('stop.failedToSave'),
  });
  return (
    <ShopForm form={form} className="flex flex-wrap items-end gap-2">
      <Field label={t('stop.amount')} inputMode="decimal" dir="ltr" className="min-w-0 flex-1" {...form.field('amount')} />
      <SubmitButton form={form} variant="secondary" busyLabel={t('stop.saving')}>
        {t('stop.collectCash')}
      </SubmitButton>
    </ShopForm>
  );
}

function NotDeliveredForm({ stop }: { stop: RoundStop }) {
  const { t } = useTranslation('admin-rounds');
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <CircleX aria-hidden="true" className="size-4" />
        {t('stop.couldNotDeliver')}
      </Button>
    );
  return <ReasonForm stop={stop} onClose={() => setOpen(false)} />;
}

function ReasonForm({ stop, onClose }: { stop: RoundStop; onClose: () => void }) {
  const { t } = useTranslation('admin-rounds');
  const failed = useMarkNotDelivered();
  const form = useShopForm(notDeliveredForm, {
    defaultValues: { reason: '' },
    save: async ({ reason }) => {
      const answer = await failed.mutateAsync({ orderId: stop.order_id, reason });
      toast.success(answer.message);
      onClose();
    },
    failed: t('stop.failedToSave'),
  });
  return (
    <ShopForm form={form} className="flex flex-col gap-2">
      <TextAreaField label={t('stop.reason')} {...form.field('reason')} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} variant="secondary" busyLabel={t('stop.saving')}>
          {t('stop.saveReason')}
        </SubmitButton>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('stop.cancel')}
        </Button>
      </div>
    </ShopForm>
  );
}

function StopCard({ stop, index }: { stop: RoundStop; index: number }) {
  const { t } = useTranslation('admin-rounds');
  const done = stop.outcome === 'delivered' || stop.order_status === 'delivered';
  return (
    <li className="rounded-2xl border border-line bg-surface p-4 shadow-sm" aria-labelledby={`stop-${stop.order_id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`stop-${stop.order_id}`} className="text-lg font-semibold text-ink">
          {t('stop.title', { n: index + 1, id: stop.order_id })}
        </h2>
        {done ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900">{t('stop.delivered')}</span>
        ) : stop.outcome === 'failed' ? (
          <span className="rounded-full bg-rose-100 px-2.5 py-0.5 text-xs font-medium text-rose-900">{t('stop.notDelivered')}</span>
        ) : null}
      </div>
      <p className="mt-1 font-medium text-ink">{stop.contact_name}</p>
      <p className="text-sm text-muted">
        <bdi>{stop.address}</bdi> · {stop.zone}
      </p>
      <div className="mt-3 grid grid-cols-3 gap-2">
        <a href={stop.tel_url} className={linkClass}>
          <Phone aria-hidden="true" className="size-4" />
          {t('stop.call')}
        </a>
        <a href={stop.whatsapp_url} target="_blank" rel="noreferrer" className={linkClass}>
          <MessageCircle aria-hidden="true" className="size-4" />
          {t('stop.whatsapp')}
        </a>
        <a href={stop.maps_url} target="_blank" rel="noreferrer" className={linkClass}>
          <MapPin aria-hidden="true" className="size-4" />
          {t('stop.map')}
        </a>
      </div>
      {stop.items.length > 0 && (
        <ul className="mt-3 text-sm text-ink">
          {stop.items.map((item, i) => (
            <li key={i}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
      )}
      {stop.gift_message && (
        <div className="mt-3 rounded-xl bg-blush/60 p-3">
          <p className="text-xs font-semibold text-muted uppercase">{t('stop.card')}</p>
          <p className="mt-1 whitespace-pre-line text-ink">{stop.gift_message}</p>
        </div>
      )}
      {stop.order_notes && <p className="mt-2 text-sm text-muted">{t('stop.notes', { text: stop.order_notes })}</p>}
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-ink">{t('stop.cashDue')}</span>
        {stop.cash_due > 0 ? <Price amount={stop.cash_due} className="font-semibold" /> : <span>{t('stop.nothingDue')}</span>}
      </p>
      {stop.outcome === 'failed' && stop.failure_reason && (
        <p className="mt-2 text-sm text-rose-900">{t('stop.reasonGiven', { reason: stop.failure_reason })}</p>
      )}
      {stop.photo_url && <img src={stop.photo_url} alt={t('stop.photoAlt', { id: stop.order_id })} className="mt-3 max-h-48 rounded-xl" />}
      <div className="mt-4 flex flex-col gap-3 border-t border-line pt-3">
        {stop.cash_due > 0 && <CashForm stop={stop} />}
        {!done && <DeliveredForm stop={stop} />}
        {!done && <NotDeliveredForm stop={stop} />}
      </div>
    </li>
  );
}

export default function DriverRoundPage() {
  const { t } = useTranslation('admin-rounds');
  const [day, setDay] = useState<string | undefined>(undefined);
  const round = useMyRound(day);
  const dayId = useId();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t('round.title')} description={round.data ? t('round.count', { count: round.data.stops.length }) : undefined} />
      <div className="mb-4 flex flex-col gap-1.5">
        <label htmlFor={dayId} className="text-sm font-medium text-ink">
          {t('round.day')}
        </label>
        <input
          id={dayId}
          type="date"
          value={day ?? round.data?.today ?? ''}
          onChange={(e) => setDay(e.target.value || undefined)}
          className="block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base text-ink"
        />
      </div>
      {round.isPending ? (
        <Spinner />
      ) : round.isError ? (
        <ErrorState message={t('round.loadFailed')} onRetry={() => void round.refetch()} />
      ) : round.data.stops.length === 0 ? (
        <ErrorState tone="empty" message={t('round.empty')} />
      ) : (
        <ol className="flex flex-col gap-4">
          {round.data.stops.map((stop, index) => (
            <StopCard key={stop.order_id} stop={stop} index={index} />
          ))}
        </ol>
      )}
    </div>
  );
}
