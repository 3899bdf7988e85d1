/**
 * On each order of the workshop sheet: the bench's mark (in preparation, ready; tapping the mark the
 * order already has takes it off) and its gift card to print. The mark is the workshop's own: it moves
 * no status and tells the customer nothing.
 */
import { CheckCircle2, CreditCard, Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WORKSHOP_STATES, type WorkshopOrder, type WorkshopState } from '@shared/schemas/workshop';
import { Button, buttonClasses } from '@web/components/ui/Button';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { orderCardUrl, useWorkshopMark } from './workshop-bench-api';

const icons = { in_preparation: Hammer, ready: CheckCircle2 } as const;

export function WorkshopBench({ order }: { order: Pick<WorkshopOrder, 'id' | 'workshop_state' | 'gift_message' | 'order_status'> }) {
  const { t, i18n } = useTranslation('admin-workshop');
  const mark = useWorkshopMark();
  const current = mark.isPending && mark.variables?.id === order.id ? mark.variables.state : order.workshop_state;

  const set = async (state: WorkshopState | null) => {
    try {
      await mark.mutateAsync({ id: order.id, state });
      toast.success(t('mark.saved', { id: order.id, mark: t(`mark.${state ?? 'none'}`) }));
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : t('mark.failed'));
    }
  };

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-line pt-3" data-testid={`workshop-bench-${order.id}`}>
      <span className="text-sm text-muted" id={`bench-${order.id}`}>
        {t('mark.current', { mark: t(`mark.${current ?? 'none'}`) })}
      </span>
      <div role="group" aria-labelledby={`bench-${order.id}`} className="flex flex-wrap gap-2 print:hidden">
        {WORKSHOP_STATES.map((state) => {
          const Icon = icons[state];
          const on = current === state;
          return (
            <Button
              key={state}
              variant={on ? 'primary' : 'secondary'}
              aria-pressed={on}
              disabled={mark.isPending}
              onClick={() => void set(on ? null : state)}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`mark.set_${state}`)}
            </Button>
          );
        })}
        {order.gift_message && (
          <a href={orderCardUrl(order.id, i18n.language)} download className={buttonClasses({ variant: 'ghost' })}>
            <CreditCard aria-hidden="true" className="size-4" />
            {t('cards.one')}
          </a>
        )}
      </div>
    </div>
  );
}
