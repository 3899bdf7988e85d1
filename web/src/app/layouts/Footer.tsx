import { useQuery } from '@tanstack/react-query';
import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from '@web/components/ui/SocialIcons';
import { Skeleton } from '@web/components/ui/Skeleton';
import { categoriesQuery } from '@web/features/catalogue/api';
import { shopInfoQuery, telUrl, whatsappUrl } from '@web/lib/shop-info';
import { HEADER_CATEGORY_IDS } from './use-header-categories';

const INFO_LINKS = [
  ['/about', 'footer.links.about'],
  ['/care-guide', 'footer.links.careGuide'],
  ['/delivery', 'footer.links.delivery'],
  ['/sustainability', 'footer.links.sustainability'],
  ['/terms', 'footer.links.terms'],
  ['/privacy', 'footer.links.privacy'],
  ['/information', 'footer.links.information'],
  ['/contact', 'footer.links.contact'],
] as const;

const headingClass = 'mb-4 font-sans text-sm font-semibold uppercase tracking-wider text-white';
const linkClass = 'text-sm text-white/80 underline-offset-4 transition-colors hover:text-white hover:underline';

function FooterCategories() {
  const { t } = useTranslation('common');
  const { data, isPending, isError } = useQuery(categoriesQuery());
  if (isPending) {
    return (
      <ul className="space-y-3" aria-busy="true">
        {HEADER_CATEGORY_IDS.map((id) => (
          <li key={id}>
            <Skeleton className="h-4 w-28 bg-white/15" />
          </li>
        ))}
      </ul>
    );
  }
  // If the server cannot answer, the four fixed categories still lead somewhere.
  const list = isError || !data ? HEADER_CATEGORY_IDS.map((id) => ({ id, name: t(`categories.${id}`) })) : data;
  return (
    <ul className="space-y-2">
      {list.map((category) => (
        <li key={category.id}>
          <Link to={`/category/${category.id}`} className={linkClass}>
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FooterContact() {
  const { t } = useTranslation('common');
  const { data } = useQuery(shopInfoQuery());
  const phone = data?.phone?.trim();
  const whatsapp = data?.whatsapp?.trim();
  const email = data?.email?.trim();
  return (
    <ul className="space-y-3 text-sm">
      <li className="flex items-start gap-3 text-white/80">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t('footer.deliveryArea')}</span>
      </li>
      {phone && (
        <li>
          <a href={telUrl(phone)} className={`${linkClass} inline-flex items-center gap-3`}>
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">{t('footer.phone')} </span>
            <bdi dir="ltr">{phone}</bdi>
          </a>
        </li>
      )}
      {whatsapp && (
        <li>
          <a
            href={whatsappUrl(whatsapp)}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} inline-flex items-center gap-3`}
          >
            <WhatsAppIcon className="size-4 shrink-0" />
            {t('footer.whatsapp')}
            <span className="sr-only"> ({t('footer.newTab')})</span>
          </a>
        </li>
      )}
      {email && (
        <li>
          <a href={`mailto:${email}`} className={`${linkClass} inline-flex items-center gap-3`}>
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">{t('footer.email')} </span>
            <bdi dir="ltr">{email}</bdi>
          </a>
        </li>
      )}
      {!phone && !whatsapp && !email && (
        <li>
          <Link to="/contact" className={`${linkClass} inline-flex items-center gap-3`}>
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {t('footer.contactUs')}
          </Link>
        </li>
      )}
    </ul>
  );
}

function FooterSocial() {
  const { t } = useTranslation('common');
  const { data } = useQuery(shopInfoQuery());
  // Only the links the shop saved in its settings: an empty one is hidden.
  const links = [
    { href: data?.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: data?.facebook, label: 'Facebook', Icon: FacebookIcon },
  ].filter((l): l is typeof l & { href: string } => Boolean(l.href));
  if (links.length === 0) return null;
  return (
    <ul className="flex gap-3" aria-label={t('footer.follow')}>
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${label} (${t('footer.newTab')})`}
            className="inline-flex size-10 items-center justify-center rounded-full border border-white/30 text-white transition-colors hover:bg-white hover:text-primary"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className="below-fold mt-16 bg-primary text-white">
      <div className="container-shop grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="space-y-4">
          <p className="font-display text-2xl font-semibold">{t('brand')}</p>
          <p className="max-w-xs text-sm text-white/80">{t('footer.about')}</p>
          <FooterSocial />
        </div>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={headingClass}>
            {t('footer.categories')}
          </h2>
          <FooterCategories />
        </nav>
        <nav aria-labelledby="footer-information">
          <h2 id="footer-information" className={headingClass}>
            {t('footer.information')}
          </h2>
          <ul className="space-y-2">
            {INFO_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to} className={linkClass}>
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={headingClass}>
            {t('footer.contact')}
          </h2>
          <FooterContact />
          <p className="mt-4 text-sm text-white/80">{t('footer.hours')}</p>
        </section>
      </div>
      <div className="border-t border-white/15">
        <div className="container-shop flex flex-col gap-2 py-5 text-xs text-white/75 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.rights', { year, brand: t('brand') })}</p>
          <p>{t('footer.payment')}</p>
        </div>
      </div>
    </footer>
  );
}
