import { Clock } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/Button';
import { useDocumentTitle } from '@web/lib/head';
import { AuthCard } from '../components/fields';
import { session } from '@web/lib/session';

export default function SessionExpiredPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('expired.title'));
  useEffect(() => session.acknowledgeEnd(), []);
  return (
    <AuthCard title={t('expired.title')} intro={t('expired.text')} icon={<Clock aria-hidden="true" className="size-12" />}>
      <div className="flex flex-col gap-3">
        <ButtonLink to="/login" size="lg">
          {t('expired.login')}
        </ButtonLink>
        <ButtonLink to="/" variant="secondary" size="lg">
          {t('expired.home')}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
