import { Clock, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_CHECK_INTERVAL_MS, SESSION_WARNING_SECONDS } from '@shared/constants';
import { checkSession, session, useSessionState } from '@web/lib/session';

/** How long the "session ends soon" warning stays on screen (10 s). */
export const SESSION_WARNING_VISIBLE_MS = 10_000;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Keeps the browser session honest: checks it against GET /api/profile when the
 * tab becomes visible and every 5 minutes (any failure ends it), ends it at its expiry time, and
 * shows a warning for 10 s when fewer than 300 s remain. Mounted once, in the storefront layout.
 * Protected pages react through <RequireAuth> (to /session-expired).
 */
export function SessionWatcher() {
  const { t } = useTranslation('accounts');
  const { user, expiresAt } = useSessionState();
  const loggedIn = user !== null;
  const [warning, setWarning] = useState(false);
  const checkedAtStart = useRef(false);

  // A session kept from an earlier visit is checked once at start (it may have been revoked).
  useEffect(() => {
    if (checkedAtStart.current) return;
    checkedAtStart.current = true;
    if (loggedIn) void checkSession();
  }, [loggedIn]);

  useEffect(() => {
    if (!loggedIn) return;
    const interval = window.setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void checkSession();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [loggedIn]);

  useEffect(() => {
    if (expiresAt === null) {
      setWarning(false);
      return;
    }
    const timers: number[] = [];
    const later = (fn: () => void, ms: number) => {
      if (ms <= MAX_TIMEOUT_MS) timers.push(window.setTimeout(fn, Math.max(0, ms)));
    };
    const now = Date.now();
    if (expiresAt <= now) {
      session.end('expired');
      return;
    }
    const showWarning = () => {
      setWarning(true);
      later(() => setWarning(false), SESSION_WARNING_VISIBLE_MS);
    };
    const warnAt = expiresAt - SESSION_WARNING_SECONDS * 1000;
    if (now >= warnAt) showWarning();
    else later(showWarning, warnAt - now);
    later(() => session.end('expired'), expiresAt - now);
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [expiresAt]);

  // The live region is always there, so assistive technology announces the text when it appears.
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-[80] flex justify-center px-4">
      {warning && loggedIn && (
        <div className="pointer-events-auto flex w-full max-w-md animate-fade-in items-start gap-3 rounded-card border border-line bg-surface p-4 text-sm text-ink shadow-card motion-reduce:animate-none">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose" />
          <p className="flex-1">{t('session.warning')}</p>
          <button
            type="button"
            onClick={() => setWarning(false)}
            aria-label={t('session.dismiss')}
            className="-me-1 -mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sand hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
