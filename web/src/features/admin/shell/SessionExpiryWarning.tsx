/**
 * The back office's session warning: a session ends after a while without activity (every request
 * moves its end, which this tab learns from the answers) or at its absolute cap. A few minutes before
 * the end, a bar says when and offers "Stay signed in" (POST /api/admin/session/extend). At the end the
 * session ends here, and the admin frame sends to the admin login with the current page in `next`.
 * An admin idle over a long form is warned instead of losing it.
 */
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_WARNING_SECONDS } from '@shared/constants';
import { isApiError } from '@web/lib/api';
import { Button } from '@web/components/ui/Button';
import { session, useSessionState } from '@web/lib/session';
import { useExtendSession } from '../api';

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Whole minutes left, at least 1 (the bar says "in 1 minute" until the end). */
export const minutesLeft = (expiresAt: number, now: number) => Math.max(1, Math.ceil((expiresAt - now) / 60_000));

export function SessionExpiryWarning() {
  const { t } = useTranslation('admin');
  const { expiresAt } = useSessionState();
  const [now, setNow] = useState(() => Date.now());
  const extend = useExtendSession();

  useEffect(() => {
    if (expiresAt === null) return;
    const timers: number[] = [];
    const later = (fn: () => void, ms: number) => {
      if (ms <= MAX_TIMEOUT_MS) timers.push(window.setTimeout(fn, Math.max(0, ms)));
    };
    const start = Date.now();
    setNow(start);
    // Wake at the warning time, then every 15 s while warning (the minutes shown), and at the end.
    later(() => setNow(Date.now()), expiresAt - SESSION_WARNING_SECONDS * 1000 - start);
    const tick = window.setInterval(() => {
      if (Date.now() >= expiresAt - SESSION_WARNING_SECONDS * 1000) setNow(Date.now());
    }, 15_000);
    later(() => session.end('expired'), expiresAt - start);
    return () => {
      timers.forEach((id) => window.clearTimeout(id));
      window.clearInterval(tick);
    };
  }, [expiresAt]);

  if (expiresAt === null || now < expiresAt - SESSION_WARNING_SECONDS * 1000 || now >= expiresAt) return null;

  // A 401 ends the session (the hook does it); any other failure says so in the bar.
  const failed = extend.isError && !(isApiError(extend.error) && extend.error.status === 401);

  return (
    <div
      role="alertdialog"
      aria-labelledby="session-warning-text"
      className="sticky top-0 z-50 border-b border-amber-300 bg-amber-100 px-4 py-3 text-sm text-amber-950 sm:px-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Clock aria-hidden="true" className="size-5 shrink-0" />
        <p id="session-warning-text" className="min-w-0 flex-1">
          {t('session.ending', { count: minutesLeft(expiresAt, now) })}
          {failed && <span className="ms-1 font-medium">{t('session.extendFailed')}</span>}
        </p>
        <Button size="sm" onClick={() => extend.mutate()} disabled={extend.isPending} autoFocus>
          {extend.isPending ? t('actions.saving') : t('session.stay')}
        </Button>
      </div>
    </div>
  );
}
