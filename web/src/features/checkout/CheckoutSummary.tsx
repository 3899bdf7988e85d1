/** The checkout's side column (the cart's lines and totals, the terms, the button) and the "total changed" dialog of a 409. */
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import { Button, ButtonLink } from '@web/components/ui';
import { Modal } from '@web/components/ui/Modal';
import { CartSummaryPanel } from '@web/components/cart/CartSummaryPanel';
import type { Cart } from '@web/lib/cart/api';
import { SubmitButton, type ShopFormApi } from '@web/lib/forms';
import { CheckBox } from '@web/lib/order-form/FormSection';
import { useWatch, type UseFormRegister } from 'react-hook-form';
import type { CheckoutFormValues } from './checkout-form';

type SummaryForm = ShopFormApi & { register: UseFormRegister<CheckoutFormValues>; errorText: (name: string) => string | undefined };

export function CheckoutSummary({ cart, form }: { cart: Cart; form: SummaryForm }) {
  const { t, i18n } = useTranslation(['orders', 'cart']);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  // A pick-up needs no delivery city and pays no fee.
  const pickup = useWatch<CheckoutFormValues, 'delivery_method'>({ name: 'delivery_method' }) === 'pickup';
  const needsCity = !pickup && !cart.summary.delivery_city;
  return (
    <div className="min-w-0 space-y-4 lg:sticky lg:top-24">
      <CartSummaryPanel summary={cart.summary} pickup={pickup}>
        <ul className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
          {cart.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3">
              <span className="min-w-0">
                {item.name}
                {item.color && <span className="text-muted"> ({item.color.name})</span>} × {item.quantity}
              </span>
              <bdi className="shrink-0 tabular-nums">{formatMAD(item.line_total, locale)}</bdi>
            </li>
          ))}
        </ul>
        <div className="mt-5">
          <CheckBox
            label={
              <Trans
                t={t}
                i18nKey="checkout.terms"
                components={{
                  terms: <Link to="/terms" target="_blank" className="text-primary underline" />,
                  privacy: <Link to="/privacy" target="_blank" className="text-primary underline" />,
                }}
              />
            }
            error={form.errorText('accept_terms')}
            {...form.register('accept_terms')}
          />
        </div>
        {form.formError && (
          <p role="alert" className="mt-4 rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
            {form.formError}
          </p>
        )}
        {needsCity && <p className="mt-3 text-sm text-danger">{t('cart:delivery.selectFirst')}</p>}
        <SubmitButton form={form} size="lg" className="mt-4 w-full" disabled={needsCity} busyLabel={t('checkout.placing')}>
          {t('checkout.place')}
        </SubmitButton>
        <ButtonLink to="/cart" variant="ghost" className="mt-2 w-full">
          {t('checkout.backToCart')}
        </ButtonLink>
      </CartSummaryPanel>
    </div>
  );
}

export function PriceChangedModal({
  total,
  busy,
  onClose,
  onConfirm,
}: {
  total: number | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation(['orders', 'cart']);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Modal open={total !== null} onClose={onClose} title={t('checkout.priceChanged')} closeLabel={t('cart:delivery.close')}>
      {total !== null && (
        <>
          <p className="mb-5 text-ink">{t('checkout.priceChangedText', { total: formatMAD(total, locale) })}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" disabled={busy} onClick={onConfirm}>
              {t('checkout.confirmNewTotal')}
            </Button>
            <ButtonLink to="/cart" variant="secondary" className="flex-1">
              {t('checkout.backToCart')}
            </ButtonLink>
          </div>
        </>
      )}
    </Modal>
  );
}
