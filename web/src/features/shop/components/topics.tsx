/**
 * The content of the five information topics. Each one is shown by its standalone page (/about,
 * /delivery...) and by its tab of the information hub (/information/about...), with the same texts.
 */
import { Leaf, PackageOpen, Recycle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@web/components/ui/Button';
import { usePageHead } from '../head';
import { ClosedDatesNote } from './ClosedDatesNote';
import { DeliveryZonesTable } from './DeliveryZonesTable';
import { InfoSection, PageIntro, Paragraphs, TextList, useTextList } from './Prose';

export const TOPICS = ['about', 'delivery', 'care-guide', 'sustainability', 'terms'] as const;
export type Topic = (typeof TOPICS)[number];

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:text-primary-hover';

/** `<0>text</0>` in a text becomes a link to `to`. */
function TextWithLink({ i18nKey, to }: { i18nKey: string; to: string }) {
  const { t } = useTranslation('shop');
  return <Trans t={t} i18nKey={i18nKey} components={[<Link key="link" to={to} className={linkClass} />]} />;
}

export function AboutContent() {
  const { t } = useTranslation('shop');
  usePageHead(t('about.title'), t('about.description'));
  return (
    <>
      <PageIntro title={t('about.title')} lead={t('about.lead')} />
      <InfoSection id="about-story" title={t('about.story.title')}>
        <Paragraphs textKey="about.story.paragraphs" />
      </InfoSection>
      <InfoSection id="about-offer" title={t('about.offer.title')}>
        <p>{t('about.offer.intro')}</p>
        <TextList textKey="about.offer.items" />
      </InfoSection>
      <InfoSection id="about-region" title={t('about.region.title')}>
        <p>
          <TextWithLink i18nKey="about.region.text" to="/delivery" />
        </p>
      </InfoSection>
      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to="/shop">{t('about.cta.shop')}</ButtonLink>
        <ButtonLink to="/customize" variant="secondary">
          {t('about.cta.customize')}
        </ButtonLink>
        <ButtonLink to="/information/about-us" variant="ghost">
          {t('about.cta.aboutUs')}
        </ButtonLink>
      </div>
    </>
  );
}

export function DeliveryContent() {
  const { t } = useTranslation('shop');
  usePageHead(t('delivery.title'), t('delivery.description'));
  return (
    <>
      <PageIntro title={t('delivery.title')} lead={t('delivery.lead')} />
      <InfoSection id="delivery-zones" title={t('delivery.zones.title')}>
        <p>{t('delivery.zones.intro')}</p>
        <DeliveryZonesTable />
        <p className="text-sm text-muted">{t('delivery.zones.note')}</p>
      </InfoSection>
      <InfoSection id="delivery-when" title={t('delivery.when.title')}>
        <TextList textKey="delivery.when.items" />
        <ClosedDatesNote />
      </InfoSection>
      <InfoSection id="delivery-payment" title={t('delivery.payment.title')}>
        <TextList textKey="delivery.payment.items" />
      </InfoSection>
      <InfoSection id="delivery-issues" title={t('delivery.issues.title')}>
        <p>{t('delivery.issues.text')}</p>
        <p>
          <TextWithLink i18nKey="delivery.issues.more" to="/terms" />
        </p>
      </InfoSection>
    </>
  );
}

export function CareGuideContent() {
  const { t } = useTranslation('shop');
  usePageHead(t('care.title'), t('care.description'));
  return (
    <>
      <PageIntro title={t('care.title')} lead={t('care.lead')} />
      <InfoSection id="care-essentials" title={t('care.essentials.title')}>
        <ol className="grid gap-4 sm:grid-cols-2">
          {(['water', 'cut'] as const).map((key) => (
            <li key={key} className="rounded-card border border-line bg-surface p-5">
              <p className="font-display text-xl text-primary">{t(`care.essentials.${key}.title`)}</p>
              <p className="mt-2 text-sm text-muted">{t(`care.essentials.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </InfoSection>
      <InfoSection id="care-bouquets" title={t('care.bouquets.title')}>
        <p>{t('care.bouquets.intro')}</p>
        <TextList textKey="care.bouquets.items" ordered />
      </InfoSection>
      <InfoSection id="care-dried" title={t('care.dried.title')}>
        <p>{t('care.dried.intro')}</p>
        <TextList textKey="care.dried.items" />
      </InfoSection>
      <InfoSection id="care-plants" title={t('care.plants.title')}>
        <p>{t('care.plants.intro')}</p>
        <TextList textKey="care.plants.items" />
      </InfoSection>
      <p className="mt-10 rounded-card bg-blush px-5 py-4 text-ink">
        <TextWithLink i18nKey="care.help" to="/contact" />
      </p>
    </>
  );
}

const GOALS: { key: 'sourcing' | 'plastic' | 'carbon'; icon: ReactNode }[] = [
  { key: 'sourcing', icon: <Leaf aria-hidden="true" className="size-6" /> },
  { key: 'plastic', icon: <PackageOpen aria-hidden="true" className="size-6" /> },
  { key: 'carbon', icon: <Recycle aria-hidden="true" className="size-6" /> },
];

export function SustainabilityContent() {
  const { t } = useTranslation('shop');
  usePageHead(t('sustainability.title'), t('sustainability.description'));
  return (
    <>
      <PageIntro title={t('sustainability.title')} lead={t('sustainability.lead')} />
      <InfoSection id="sustainability-goals" title={t('sustainability.goals.title')}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {GOALS.map(({ key, icon }) => (
            <li key={key} className="flex flex-col gap-2 rounded-card border border-line bg-surface p-5">
              <span className="text-primary">{icon}</span>
              <span className="font-display text-3xl text-primary" dir="ltr">
                {t(`sustainability.goals.${key}.figure`)}
              </span>
              <span className="font-semibold text-ink">{t(`sustainability.goals.${key}.label`)}</span>
              <span className="text-sm text-muted">{t(`sustainability.goals.${key}.deadline`)}</span>
            </li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection id="sustainability-practice" title={t('sustainability.practice.title')}>
        <TextList textKey="sustainability.practice.items" />
      </InfoSection>
      <InfoSection id="sustainability-you" title={t('sustainability.you.title')}>
        <TextList textKey="sustainability.you.items" />
      </InfoSection>
    </>
  );
}

const TERMS_SECTIONS = ['scope', 'orders', 'prices', 'delivery', 'freshness', 'claims', 'refunds', 'privacy', 'law'] as const;

export function TermsContent() {
  const { t } = useTranslation('shop');
  usePageHead(t('terms.title'), t('terms.description'));
  return (
    <>
      <PageIntro title={t('terms.title')} lead={t('terms.lead')} eyebrow={t('terms.updated')} />
      {TERMS_SECTIONS.map((section, index) => (
        <TermsSection key={section} section={section} number={index + 1} />
      ))}
    </>
  );
}

function TermsSection({ section, number }: { section: (typeof TERMS_SECTIONS)[number]; number: number }) {
  const { t } = useTranslation('shop');
  const paragraphs = useTextList(`terms.${section}.paragraphs`);
  return (
    <InfoSection id={`terms-${section}`} title={t('terms.sectionTitle', { number, title: t(`terms.${section}.title`) })}>
      {paragraphs.map((text, index) => (
        <p key={index}>{text}</p>
      ))}
      {section === 'delivery' && (
        <p>
          <TextWithLink i18nKey="terms.delivery.table" to="/delivery" />
        </p>
      )}
      {section === 'privacy' && (
        <p>
          <TextWithLink i18nKey="terms.privacy.link" to="/privacy" />
        </p>
      )}
    </InfoSection>
  );
}
