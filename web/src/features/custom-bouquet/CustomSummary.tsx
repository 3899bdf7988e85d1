/** The custom checkout's side column: the stems with the server's prices, the totals, the button. */
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomQuote } from '@shared/schemas/custom-bouquet';
import type { DeliveryZone } from '@shared/schemas/delivery';
import { ErrorState, Price, Skeleton } from '@web/components/ui';
import { FormMessage } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { SubmitButton, type ShopFormApi } from '@web/lib/forms';
import { stemCount, type CustomLine } from './selection';

export type Totals = { subtotal: number; shipping: number; total: number };

type Props = {
  form: ShopFormApi;
  lines: CustomLine[];
  quote: UseQueryResult<CustomQuote> & { isPlaceholderData: boolean };
  totals: Totals | null;
  /** The fresh totals of a 409 are shown (the quote's failure then does not hide them). */
  fresh: boolean;
  zone: DeliveryZone | null;
  /** Collected at the shop: no city asked, no delivery fee. */
  pickup?: boolean;
};

export function CustomSummary({ form, lines, quote, totals, fresh, zone, pickup = false }: Props) {
  const { t } = useTranslation(['custom-bouquet', 'delivery-slots']);
  const quoteReady = quote.isSuccess && !quote.isPlaceholderData;
  const count = stemCount(lines);
  const formId = useId();
  return (
    <aside className="lg:sticky lg:top-28 lg:self-start">
      <section aria-labelledby={`${formId}-summary`} className="rounded-card border border-line bg-surface p-5">
        <h2 id={`${formId}-summary`} className="font-display text-xl text-ink">
          {t('checkout.summary')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t(count === 1 ? 'checkout.stemsOne' : 'checkout.stemsMany', { count })}</p>
        <ul className="mt-3 divide-y divide-line" data-testid="custom-summary">
          {lines.map((l, i) => (
            <li key={l.id} className="flex items-center gap-3 py-2 text-sm">
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-full border border-black/15"
                style={{ backgroundColor: l.selectedColor?.hex_code ?? '#d98aa0' }}
              />
              <span className="min-w-0 flex-1">
                <span className="text-ink">{l.name}</span>
                {l.selectedColor && <span className="text-muted">{` · ${l.selectedColor.name}`}</span>}
                <span className="text-muted">{` × ${l.quantity}`}</span>
                {quoteReady && quote.data.items[i] && quote.data.items[i].quantity > quote.data.items[i].stock && (
                  <span className="block text-xs text-danger">{t('checkout.onlyLeft', { count: quote.data.items[i].stock })}</span>
                )}
              </span>
              {quoteReady && quote.data.items[i] ? (
                <Price amount={quote.data.items[i].line_total} className="text-sm" />
              ) : (
                <Skeleton className="h-4 w-16" />
              )}
            </li>
          ))}
        </ul>
        {quote.isError && !fresh ? (
          <ErrorState
            className="mt-3 py-6"
            message={
              isApiError(quote.error) && quote.error.status === 422 ? quote.error.allMessages().join(' ') : t('checkout.quoteFailed')
            }
            onRetry={() => void quote.refetch()}
            retrying={quote.isFetching}
          />
        ) : (
          <dl className="mt-3 space-y-1.5 border-t border-line pt-3 text-sm" aria-busy={totals ? undefined : true}>
            <div className="flex justify-between">
              <dt className="text-muted">{t('selection.subtotal')}</dt>
              <dd data-testid="checkout-subtotal">{totals ? <Price amount={totals.subtotal} /> : <Skeleton className="h-4 w-20" />}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">{t('checkout.shipping')}</dt>
              <dd data-testid="checkout-shipping">
                {pickup ? (
                  <span className="font-semibold text-success">{t('delivery-slots:pickupFree')}</span>
                ) : !zone ? (
                  <span className="text-muted">{t('checkout.selectCity')}</span>
                ) : !totals ? (
                  <Skeleton className="h-4 w-16" />
                ) : totals.shipping === 0 ? (
                  <span className="font-semibold text-success">{t('checkout.free')}</span>
                ) : (
                  <Price amount={totals.shipping} />
                )}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">{t('checkout.tax')}</dt>
              <dd className="text-muted">{t('checkout.taxIncluded')}</dd>
            </div>
            <div className="flex justify-between border-t border-line pt-2 text-base">
              <dt className="font-semibold text-ink">{t('selection.total')}</dt>
              <dd data-testid="checkout-total">{totals ? <Price amount={totals.total} /> : <Skeleton className="h-5 w-24" />}</dd>
            </div>
          </dl>
        )}
        {form.formError && (
          <FormMessage tone="error" className="mt-4">
            {form.formError}
          </FormMessage>
        )}
        <SubmitButton form={form} className="mt-4 w-full" disabled={lines.length === 0 || !totals} busyLabel={t('checkout.placing')}>
          {t('checkout.place')}
        </SubmitButton>
        <Link to="/customize" className="mt-3 block text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('checkout.edit')}
        </Link>
      </section>
    </aside>
  );
}
