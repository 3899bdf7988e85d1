/** /privacy: what the shop stores and why, under Moroccan law 09-08 (CNDP). */
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHead } from '../head';
import { InfoSection, InfoShell, PageIntro, Paragraphs, TextList } from '../components/Prose';

const STORAGE_ROWS = ['session', 'cart', 'languageCookie', 'language', 'wishlist', 'fallbackCart', 'custom', 'account'] as const;

export default function PrivacyPage() {
  const { t } = useTranslation('shop');
  usePageHead(t('privacy.title'), t('privacy.description'));
  return (
    <InfoShell>
      <article>
        <PageIntro title={t('privacy.title')} lead={t('privacy.lead')} />
        <InfoSection id="privacy-controller" title={t('privacy.controller.title')}>
          <p>{t('privacy.controller.text')}</p>
        </InfoSection>
        <InfoSection id="privacy-data" title={t('privacy.data.title')}>
          <p>{t('privacy.data.intro')}</p>
          <TextList textKey="privacy.data.items" />
          <p>{t('privacy.data.never')}</p>
        </InfoSection>
        <InfoSection id="privacy-purposes" title={t('privacy.purposes.title')}>
          <TextList textKey="privacy.purposes.items" />
        </InfoSection>
        <InfoSection id="privacy-recipients" title={t('privacy.recipients.title')}>
          <Paragraphs textKey="privacy.recipients.paragraphs" />
        </InfoSection>
        <InfoSection id="privacy-storage" title={t('privacy.storage.title')}>
          <p>{t('privacy.storage.intro')}</p>
          <ul aria-label={t('privacy.storage.caption')} className="divide-y divide-line rounded-card border border-line bg-surface">
            {STORAGE_ROWS.map((row) => (
              <li key={row} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
                <div>
                  <code dir="ltr" className="font-mono text-sm font-semibold text-ink">
                    {t(`privacy.storage.rows.${row}.name`)}
                  </code>
                  <span className="block text-xs text-muted">{t(`privacy.storage.rows.${row}.kind`)}</span>
                </div>
                <p className="text-sm">{t(`privacy.storage.rows.${row}.purpose`)}</p>
              </li>
            ))}
          </ul>
          <p>{t('privacy.storage.noTracking')}</p>
        </InfoSection>
        <InfoSection id="privacy-retention" title={t('privacy.retention.title')}>
          <Paragraphs textKey="privacy.retention.paragraphs" />
        </InfoSection>
        <InfoSection id="privacy-security" title={t('privacy.security.title')}>
          <p>{t('privacy.security.text')}</p>
        </InfoSection>
        <InfoSection id="privacy-rights" title={t('privacy.rights.title')}>
          <p>{t('privacy.rights.intro')}</p>
          <TextList textKey="privacy.rights.items" />
          <p>
            <Trans
              t={t}
              i18nKey="privacy.rights.how"
              components={[
                <Link
                  key="contact"
                  to="/contact"
                  className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
                />,
              ]}
            />
          </p>
          <p>{t('privacy.rights.cndp')}</p>
        </InfoSection>
      </article>
    </InfoShell>
  );
}
