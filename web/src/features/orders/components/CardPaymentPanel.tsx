/**
 * An order's card payment on its page (the confirmation the gateway sends the shopper back to, and the
 * tracking page): what the SERVER knows (paid, waiting for the bank, failed, expired), with "try again"
 * (a new attempt, posted to the gateway at once) and "pay on delivery instead" when it did not go through.
 */
import { AlertTriangle, CheckCircle2, Clock3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui';
import { GatewayForm } from '@web/lib/card-payment/GatewayForm';
import { useCardState, usePayOnDelivery, useRetryCard } from '@web/lib/card-payment/api';

export function CardPaymentPanel({ orderId, token }: { orderId: number; token: string }) {
  const { t } = useTranslation('payments');
  const state = useCardState(orderId, token);
  const retry = useRetryCard(orderId, token);
  const cash = usePayOnDelivery(orderId, token);
  if (retry.data) return <GatewayForm payment={retry.data.payment} />;
  const s = state.data;
  if (!s || (s.state === 'none' && !s.can_pay)) return null;
  const Icon = s.state === 'paid' ? CheckCircle2 : s.state === 'waiting' ? Clock3 : AlertTriangle;
  const tone = s.state === 'paid' ? 'text-success' : s.state === 'waiting' ? 'text-primary' : 'text-danger';
  return (
    <section
      aria-labelledby="card-payment-title"
      data-testid="card-payment"
      data-state={s.state}
      className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="card-payment-title" className="flex items-center gap-2 font-display text-xl text-ink">
        <Icon aria-hidden="true" className={`size-6 ${tone}`} />
        {t('card.stateTitle')}
      </h2>
      <p role="status" className="mt-2 text-ink">
        {cash.isSuccess ? t('card.switchedToCash') : t(`card.state_${s.state}`)}
      </p>
      {(retry.isError || cash.isError) && <p className="mt-2 text-sm text-danger">{t('card.failedToStart')}</p>}
      {s.can_pay && !cash.isSuccess && s.state !== 'waiting' && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => retry.mutate()} disabled={retry.isPending} data-testid="card-retry">
            {t(s.state === 'none' ? 'card.payNow' : 'card.tryAgain')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => cash.mutate(undefined, { onSuccess: () => void state.refetch() })}
            disabled={cash.isPending}
          >
            {t('card.payOnDelivery')}
          </Button>
        </div>
      )}
    </section>
  );
}
