/**
 * /admin/login: the back office's own sign-in, where an ended admin session lands (with the page in
 * `next`) and a logout ends up. No shop header or footer (no cart, no "create an account"): the
 * brand, the language switch and the login form, which says "you are signed out" when that is why.
 */
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@web/components/ui/LanguageSwitcher';
import { LoginView } from './LoginPage';

export default function AdminLoginPage() {
  const { t } = useTranslation(['common', 'accounts']);
  return (
    <div className="min-h-dvh bg-cream">
      <header className="border-b border-line bg-surface">
        <div className="flex min-h-14 items-center gap-3 px-4 sm:px-6">
          <span className="font-display text-lg font-semibold text-primary">
            {t('common:brand')} <span className="text-sm font-normal text-muted">· {t('accounts:adminLogin.area')}</span>
          </span>
          <LanguageSwitcher className="ms-auto" />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        <LoginView backOffice />
      </main>
    </div>
  );
}
