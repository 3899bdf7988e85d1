/** /information: what each tab holds, and the other useful pages. */
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHead } from '../head';
import { PageIntro } from '../components/Prose';
import { TOPICS } from '../components/topics';
import { TAB_LABEL_KEYS } from './InformationLayout';

const CARD_KEYS = {
  about: 'hub.cards.about',
  delivery: 'hub.cards.delivery',
  'care-guide': 'hub.cards.careGuide',
  sustainability: 'hub.cards.sustainability',
  terms: 'hub.cards.terms',
} as const;

const MORE = [
  ['/information/about-us', 'hub.more.aboutUs'],
  ['/privacy', 'hub.more.privacy'],
  ['/contact', 'hub.more.contact'],
] as const;

export default function InformationHub() {
  const { t } = useTranslation('shop');
  usePageHead(t('hub.title'), t('hub.description'));
  return (
    <article>
      <PageIntro title={t('hub.title')} lead={t('hub.lead')} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {TOPICS.map((topic) => (
          <li key={topic}>
            <Link
              to={`/information/${topic}`}
              className="group flex h-full flex-col gap-1 rounded-card border border-line bg-surface p-5 transition-colors hover:border-primary/50 hover:bg-primary-soft/40"
            >
              <span className="flex items-center justify-between gap-2 font-display text-lg text-ink">
                {t(TAB_LABEL_KEYS[topic])}
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 text-primary transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
                />
              </span>
              <span className="text-sm text-muted">{t(CARD_KEYS[topic])}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="hub-more" className="mt-10">
        <h2 id="hub-more" className="mb-3 text-2xl text-ink">
          {t('hub.more.title')}
        </h2>
        <ul className="space-y-2">
          {MORE.map(([to, key]) => (
            <li key={to}>
              <Link to={to} className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
                {t(key)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
