/**
 * "Cash collected" in one tap (the workshop sheet, the order's payments): the server records what is
 * still due as cash taken by whoever tapped, and the order is paid.
 */
import { Banknote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/Button';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useMoney } from '../components/format';
import { useCollectCash } from './api';

export function CollectCashButton({ orderId, label }: { orderId: number; label?: string }) {
  const { t } = useTranslation('admin-money');
  const money = useMoney();
  const collect = useCollectCash(orderId);
  const tap = () =>
    collect.mutate(
      {},
      {
        onSuccess: (answer) => {
          const taken = answer.entries.filter((e) => e.kind === 'payment').at(-1)?.amount ?? answer.total;
          toast.success(t('payments.collectedAmount', { id: orderId, amount: money(taken) }));
        },
        onError: (error) => toast.error(isApiError(error) && error.status < 500 && error.message ? error.message : t('payments.failed')),
      },
    );
  return (
    <Button type="button" onClick={tap} disabled={collect.isPending} data-testid={`collect-cash-${orderId}`}>
      <Banknote aria-hidden="true" className="size-4" />
      {label ?? t('payments.collectCashShort')}
    </Button>
  );
}
