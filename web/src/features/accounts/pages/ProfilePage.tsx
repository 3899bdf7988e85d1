import { ChevronRight, KeyRound, LayoutDashboard, LogOut, Package, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isAdminRole } from '@shared/constants';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useProfile } from '../api';
import { RequireAuth, useSession } from '@web/lib/session';

function AccountLink({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full items-center gap-4 rounded-card border border-line bg-surface p-5 shadow-card transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          {icon}
        </span>
        <span className="flex-1">
          <span className="block font-medium text-ink">{title}</span>
          <span className="block text-sm text-muted">{text}</span>
        </span>
        <ChevronRight
          aria-hidden="true"
          className="size-5 text-muted transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
        />
      </Link>
    </li>
  );
}

function Profile() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { user, logout } = useSession();
  const profile = useProfile();
  const [leaving, setLeaving] = useState(false);
  const name = profile.data?.name ?? user?.name ?? '';
  const role = profile.data?.role ?? user?.role;

  async function onLogout() {
    setLeaving(true);
    // RequireAuth sends a page whose user just logged out home as well: no order to get right here.
    await logout();
    await navigate('/', { replace: true });
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-medium tracking-widest text-rose uppercase">{t('profile.title')}</p>
        <h1 className="mt-2 font-display text-3xl text-ink sm:text-4xl">{t('profile.welcome', { name })}</h1>
        <p className="mt-3 text-muted">{t('profile.intro')}</p>
        {profile.isError && !(isApiError(profile.error) && profile.error.status === 401) && (
          <ErrorState
            className="mt-6"
            message={t('profile.loadFailed')}
            onRetry={() => void profile.refetch()}
            retrying={profile.isFetching}
          />
        )}
        <nav aria-label={t('profile.title')} className="mt-8">
          <ul className="grid gap-4 sm:grid-cols-2">
            <AccountLink
              to="/profile/personal-information"
              icon={<UserRound className="size-6" />}
              title={t('profile.personalInfo')}
              text={t('profile.personalInfoText')}
            />
            <AccountLink
              to="/profile/orders"
              icon={<Package className="size-6" />}
              title={t('profile.orders')}
              text={t('profile.ordersText')}
            />
            <AccountLink
              to="/change-password"
              icon={<KeyRound className="size-6" />}
              title={t('profile.changePassword')}
              text={t('profile.changePasswordText')}
            />
            {isAdminRole(role) && (
              <AccountLink
                to="/admin/dashboard"
                icon={<LayoutDashboard className="size-6" />}
                title={t('profile.admin')}
                text={t('profile.adminText')}
              />
            )}
          </ul>
        </nav>
        <div className="mt-10 border-t border-line pt-6">
          <Button variant="secondary" onClick={() => void onLogout()} disabled={leaving}>
            <LogOut aria-hidden="true" className="size-4 rtl:rotate-180" />
            {leaving ? t('profile.loggingOut') : t('profile.logout')}
          </Button>
        </div>
      </div>
    </section>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('profile.title'));
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}
