/**
 * A phone number the florist can tap: a `tel:` link that calls it, and beside it a WhatsApp link
 * (most customers and recipients answer there first). The number reads left to right in Arabic too.
 */
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { telHref, whatsAppHref } from './phone';

export function PhoneLinks({ phone, whatsApp = true }: { phone: string | null | undefined; whatsApp?: boolean }) {
  const { t } = useTranslation('admin');
  const tel = telHref(phone);
  if (!phone) return <>–</>;
  if (!tel) return <bdi dir="ltr">{phone}</bdi>;
  const wa = whatsApp ? whatsAppHref(phone) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <a href={tel} className="text-primary underline-offset-2 hover:underline" title={t('phone.call', { phone })}>
        <bdi dir="ltr">{phone}</bdi>
      </a>
      {wa && (
        <a
          href={wa}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('phone.whatsapp', { phone })}
          title={t('phone.whatsapp', { phone })}
          className="-m-2 inline-flex size-10 items-center justify-center rounded-full text-emerald-700 hover:bg-emerald-50"
        >
          <MessageCircle aria-hidden="true" className="size-4" />
        </a>
      )}
    </span>
  );
}
