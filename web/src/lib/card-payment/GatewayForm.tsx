/**
 * Sends the shopper to the card gateway: the signed form the server gave, posted at once (the gateway
 * takes a browser POST, not a link), with a visible button for when script is slow or off.
 */
import { CreditCard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPaymentFormBody } from '@shared/schemas/card-payments';
import { Button } from '@web/components/ui';

export function GatewayForm({ payment }: { payment: CardPaymentFormBody }) {
  const { t } = useTranslation('payments');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    form.current?.submit();
  }, [payment]);
  return (
    <div className="container-shop py-10 sm:py-16">
      <form
        ref={form}
        method="post"
        action={payment.url}
        acceptCharset="UTF-8"
        role="status"
        data-testid="gateway-form"
        className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-10 text-center"
      >
        <CreditCard aria-hidden="true" className="size-12 text-primary" />
        <h1 className="font-display text-2xl text-ink">{t('card.toBank')}</h1>
        <p className="text-muted">{t('card.toBankHint')}</p>
        {Object.entries(payment.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit">{t('card.toBankButton')}</Button>
      </form>
    </div>
  );
}
