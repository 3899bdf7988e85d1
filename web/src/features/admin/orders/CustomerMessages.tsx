/**
 * Telling the customer where their order is: the server's ready-made messages (in the order's
 * language, whoever reads the back office), each opened in WhatsApp on the customer's mobile with the
 * text ready to send. A landline gets no WhatsApp link (nobody would read it): the texts stay, to read
 * out on a call. An order without an e-mail says so — WhatsApp is then the only written word they get.
 * On the order page it is open; on the day's sheet it is a disclosure that loads when opened (one
 * request per order opened, not one per order on the sheet).
 */
import { MessageCircle, MailX, PhoneOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerMessages as Messages } from '@shared/schemas/customer-messages';
import { cn } from '@web/components/ui/cn';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { useCustomerMessages } from './front-desk-api';

function NoEmail() {
  const { t } = useTranslation('admin-front-desk');
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="no-email">
      <MailX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t('messages.noEmail')}
    </p>
  );
}

function MessageList({ data }: { data: Messages }) {
  const { t } = useTranslation('admin-front-desk');
  return (
    <div className="space-y-3">
      {!data.has_email && <NoEmail />}
      {!data.whatsapp && (
        <p className="flex items-start gap-2 text-sm text-muted" data-testid="no-whatsapp">
          <PhoneOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('messages.notMobile')}
        </p>
      )}
      <ul className="space-y-2">
        {data.messages.map((m) => (
          <li key={m.kind} className="rounded-xl border border-line p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium text-ink">{t(`messages.kinds.${m.kind}`)}</span>
              {m.whatsapp_url && (
                <a
                  href={m.whatsapp_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`whatsapp-${m.kind}`}
                  aria-label={t('messages.sendLabel', { kind: t(`messages.kinds.${m.kind}`) })}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full bg-emerald-700 px-4 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                >
                  <MessageCircle aria-hidden="true" className="size-4" />
                  {t('messages.send')}
                </a>
              )}
            </div>
            {/* The customer's language, not the reader's: its own direction. */}
            <p dir="auto" lang={data.language} className="mt-2 text-sm break-words whitespace-pre-line text-muted">
              {m.text}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Body({ orderId, paymentUrl, enabled }: { orderId: number; paymentUrl?: string; enabled: boolean }) {
  const { t } = useTranslation('admin-front-desk');
  const query = useCustomerMessages(orderId, { enabled, paymentUrl });
  if (query.isError) return <ErrorState message={t('messages.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton className="h-24 w-full" />;
  return <MessageList data={query.data} />;
}

export function CustomerMessages({
  orderId,
  hasEmail,
  paymentUrl,
  collapsible = false,
  className,
}: {
  orderId: number;
  /** Whether the order has an e-mail address, when the screen knows it already (the sheet's summary says so before opening). */
  hasEmail?: boolean;
  /** A payment link made for the order: adds the message that sends it. */
  paymentUrl?: string;
  /** On the day's sheet: a disclosure, loaded when opened. */
  collapsible?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('admin-front-desk');
  const [open, setOpen] = useState(false);
  const title = t('messages.title');
  let content: ReactNode;
  if (collapsible) {
    content = (
      <details className="group" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-primary">
          <MessageCircle aria-hidden="true" className="size-4" />
          {title}
          {hasEmail === false && <span className="text-amber-800">· {t('messages.noEmailShort')}</span>}
        </summary>
        <div className="mt-2 space-y-3">{open && <Body orderId={orderId} paymentUrl={paymentUrl} enabled={open} />}</div>
      </details>
    );
    return <div className={cn('print:hidden', className)}>{content}</div>;
  }
  return (
    <section
      aria-labelledby={`customer-messages-${orderId}`}
      className={cn('min-w-0 rounded-card border border-line bg-surface p-4 shadow-card sm:p-5', className)}
      data-testid="customer-messages"
    >
      <h2 id={`customer-messages-${orderId}`} className="mb-3 flex items-center gap-2 text-base font-semibold text-ink">
        <MessageCircle aria-hidden="true" className="size-4" />
        {title}
      </h2>
      <div className="space-y-3">
        <Body orderId={orderId} paymentUrl={paymentUrl} enabled />
      </div>
    </section>
  );
}
