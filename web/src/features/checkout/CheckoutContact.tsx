/** The checkout's buyer: name and phone (and a guest's e-mail, with the offer to sign in instead). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactFields } from '@web/lib/order-form/AddressFields';
import { FormSection } from '@web/lib/order-form/FormSection';

export function CheckoutContact({ guest }: { guest: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <FormSection title={t('checkout.contact')}>
      {guest && (
        <p className="text-sm text-muted sm:col-span-2">
          {t('checkout.contactHint')}{' '}
          <Link to="/login?redirect=/checkout" className="text-primary underline">
            {t('checkout.loginInstead')}
          </Link>
        </p>
      )}
      <ContactFields email={guest ? 'required' : undefined} />
    </FormSection>
  );
}
