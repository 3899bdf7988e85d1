/** /information/about-us: mission, values, promise and how to reach us. */
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/Button';
import { usePageHead } from '../head';
import { ContactButtons, ShopVisit } from '../components/ContactDetails';
import { InfoSection, PageIntro, TextList } from '../components/Prose';

const VALUES = ['freshness', 'craft', 'honesty', 'nature'] as const;

export default function AboutUsPage() {
  const { t } = useTranslation('shop');
  usePageHead(t('aboutUs.title'), t('aboutUs.description'));
  return (
    <article>
      <PageIntro title={t('aboutUs.title')} lead={t('aboutUs.lead')} />
      <InfoSection id="about-us-mission" title={t('aboutUs.mission.title')}>
        <p>{t('aboutUs.mission.text')}</p>
      </InfoSection>
      <InfoSection id="about-us-values" title={t('aboutUs.values.title')}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value} className="rounded-card border border-line bg-surface p-5">
              <h3 className="text-lg text-primary">{t(`aboutUs.values.${value}.title`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`aboutUs.values.${value}.text`)}</p>
            </li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection id="about-us-promise" title={t('aboutUs.promise.title')}>
        <TextList textKey="aboutUs.promise.items" />
      </InfoSection>
      <InfoSection id="about-us-contact" title={t('aboutUs.contact.title')}>
        <p>{t('aboutUs.contact.text')}</p>
        <ContactButtons />
        <ShopVisit />
        <ButtonLink to="/contact" variant="ghost" className="-ms-4">
          {t('aboutUs.contact.form')}
        </ButtonLink>
      </InfoSection>
    </article>
  );
}
