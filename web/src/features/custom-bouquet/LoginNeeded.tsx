/** The custom checkout's sign-in request: a custom bouquet is ordered from an account. */
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui';
import { Modal } from '@web/components/ui/Modal';
import { loginPath } from '@web/lib/session';

export function LoginNeeded({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('custom-bouquet');
  return (
    <Modal open={open} onClose={onClose} title={t('checkout.loginTitle')} closeLabel={t('checkout.close')}>
      <p role="alert" className="text-ink">
        {t('checkout.loginRequired')}
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <ButtonLink to={loginPath('/custom-checkout')}>{t('checkout.login')}</ButtonLink>
        <ButtonLink to="/customize" variant="secondary">
          {t('checkout.back')}
        </ButtonLink>
      </div>
    </Modal>
  );
}
