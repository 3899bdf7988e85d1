/**
 * "Send me my tracking link": the order number and the e-mail address it was placed with. The server
 * answers the same whether or not they match (it reveals nothing) and mails the link only to the
 * order's own address; this form shows that answer.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/Button';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { useResendTrackingLink } from '../../cart/api';

export function ResendTrackingLink({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  const resend = useResendTrackingLink();
  const [number, setNumber] = useState(orderId > 0 ? String(orderId) : '');
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (!/^\d{1,9}$/.test(number.trim()) || !email.trim()) {
      setResult({ tone: 'error', text: t('track.resendIncomplete') });
      return;
    }
    try {
      const answer = await resend.mutateAsync({ order_id: Number(number.trim()), email: email.trim() });
      setResult({ tone: 'success', text: answer.message });
    } catch (error) {
      const text = isApiError(error) && error.status === 422 ? t('track.resendIncomplete') : isApiError(error) && error.message ? error.message : t('track.resendFailed');
      setResult({ tone: 'error', text });
    }
  };

  return (
    <section aria-labelledby={headingId} className="w-full text-start">
      <h2 id={headingId} className="font-display text-xl text-ink">
        {t('track.resendTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('track.resendIntro')}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-4">
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
        <Field label={t('track.resendNumber')} inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} required />
        <Field label={t('track.resendEmail')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <Button type="submit" disabled={resend.isPending}>
          {t('track.resendSubmit')}
        </Button>
      </form>
    </section>
  );
}
