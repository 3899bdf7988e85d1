/**
 * "Send me my tracking link": the order number and the e-mail address it was placed with. The server
 * answers the same whether or not they match (it reveals nothing) and mails the link only to the
 * order's own address; this form shows that answer.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { useResendTrackingLink } from '../api';

/** Both asked: an order number (digits) and an address; one sentence says so above the form. */
const resendFormSchema = z.object({ order_id: z.string(), email: z.string() }).transform((values, ctx) => {
  const number = values.order_id.trim();
  const email = values.email.trim();
  if (!/^\d{1,9}$/.test(number) || !email) {
    ctx.addIssue({ code: 'custom', path: ['root'], message: 'orders:track.resendIncomplete' });
    return z.NEVER;
  }
  return { order_id: Number(number), email };
});

export function ResendTrackingLink({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  const resend = useResendTrackingLink();
  const [sent, setSent] = useState<string | null>(null);
  const form = useShopForm(resendFormSchema, {
    defaultValues: { order_id: orderId > 0 ? String(orderId) : '', email: '' },
    save: async (body) => {
      setSent(null);
      setSent((await resend.mutateAsync(body)).message);
    },
    failed: (error) =>
      isApiError(error) && error.status === 422
        ? t('track.resendIncomplete')
        : isApiError(error) && error.message
          ? error.message
          : t('track.resendFailed'),
  });
  const incomplete = form.errorText('root');

  return (
    <section aria-labelledby={headingId} className="w-full text-start">
      <h2 id={headingId} className="font-display text-xl text-ink">
        {t('track.resendTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('track.resendIntro')}</p>
      <ShopForm
        form={form}
        className="mt-4 flex flex-col gap-4"
        message={
          <>
            {(form.formError ?? incomplete) && <FormMessage tone="error">{form.formError ?? incomplete}</FormMessage>}
            {sent && <FormMessage tone="success">{sent}</FormMessage>}
          </>
        }
      >
        <Field label={t('track.resendNumber')} inputMode="numeric" required {...form.register('order_id')} />
        <Field label={t('track.resendEmail')} type="email" autoComplete="email" required {...form.register('email')} />
        <SubmitButton form={form} busyLabel={t('track.resendSubmit')}>
          {t('track.resendSubmit')}
        </SubmitButton>
      </ShopForm>
    </section>
  );
}
