/** The shop's contact details: call, e-mail and WhatsApp buttons (from `GET /api/shop-info`), hours, address. */
import { useQuery } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@web/components/ui/Button';
import { Skeleton } from '@web/components/ui/Skeleton';
import { WhatsAppIcon } from '@web/components/ui/SocialIcons';
import { shopInfoQuery, telUrl, whatsappUrl } from '@web/lib/shop-info';

export function ContactButtons({ className }: { className?: string }) {
  const { t } = useTranslation('shop');
  const { data, isPending } = useQuery(shopInfoQuery());
  if (isPending) {
    return (
      <div className={className} aria-busy="true">
        <span className="sr-only" role="status">
          {t('contact.details.loading')}
        </span>
        <div className="flex flex-wrap gap-3">
          <Skeleton className="h-11 w-32 rounded-full" />
          <Skeleton className="h-11 w-32 rounded-full" />
          <Skeleton className="h-11 w-32 rounded-full" />
        </div>
      </div>
    );
  }
  const phone = data?.phone?.trim();
  const whatsapp = data?.whatsapp?.trim();
  const email = data?.email?.trim();
  if (!phone && !whatsapp && !email) {
    return <p className={className}>{t('contact.details.unavailable')}</p>;
  }
  return (
    <div className={className}>
      <ul className="flex flex-wrap gap-3">
        {phone && (
          <li>
            <a href={telUrl(phone)} className={buttonClasses({ variant: 'primary' })}>
              <Phone aria-hidden="true" className="size-4" />
              {t('contact.details.call')}
            </a>
          </li>
        )}
        {whatsapp && (
          <li>
            <a href={whatsappUrl(whatsapp)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary' })}>
              <WhatsAppIcon className="size-4" />
              {t('contact.details.whatsapp')}
              <span className="sr-only"> ({t('contact.details.newTab')})</span>
            </a>
          </li>
        )}
        {email && (
          <li>
            <a href={`mailto:${email}`} className={buttonClasses({ variant: 'secondary' })}>
              <Mail aria-hidden="true" className="size-4" />
              {t('contact.details.email')}
            </a>
          </li>
        )}
      </ul>
      <dl className="mt-5 space-y-2 text-sm">
        {phone && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">{t('contact.details.phoneLabel')}</dt>
            <dd>
              <bdi dir="ltr">{phone}</bdi>
            </dd>
          </div>
        )}
        {email && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">{t('contact.details.emailLabel')}</dt>
            <dd>
              <bdi dir="ltr">{email}</bdi>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** Opening hours and address (shop settings; a part the shop left empty is hidden). */
export function ShopVisit() {
  const { t } = useTranslation('shop');
  const { data } = useQuery(shopInfoQuery());
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="flex gap-3">
        <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div>
          <h3 className="font-sans text-base font-semibold text-ink">{t('contact.hours.title')}</h3>
          {data?.opening_hours && <p className="text-muted">{data.opening_hours}</p>}
          <p className="text-muted">{t('contact.hours.delivery')}</p>
        </div>
      </div>
      <div className="flex gap-3">
        <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div>
          <h3 className="font-sans text-base font-semibold text-ink">{t('contact.address.title')}</h3>
          {data?.address && <address className="text-muted not-italic">{data.address}</address>}
          <p className="text-muted">{t('contact.address.area')}</p>
        </div>
      </div>
    </div>
  );
}
