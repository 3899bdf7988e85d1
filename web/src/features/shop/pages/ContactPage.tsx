/** /contact: call, e-mail and WhatsApp buttons, opening hours, address, and a short contact form. */
import { useTranslation } from 'react-i18next';
import { usePageHead } from '../head';
import { ContactButtons, ShopVisit } from '../components/ContactDetails';
import { ContactForm } from '../components/ContactForm';
import { PageIntro } from '../components/Prose';

export default function ContactPage() {
  const { t } = useTranslation('shop');
  usePageHead(t('contact.title'), t('contact.description'));
  return (
    <div className="container-shop py-10 sm:py-14">
      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="max-w-prose">
          <PageIntro title={t('contact.title')} lead={t('contact.lead')} />
          <section aria-labelledby="contact-direct" className="space-y-8">
            <div>
              <h2 id="contact-direct" className="mb-4 text-2xl text-ink">
                {t('contact.details.title')}
              </h2>
              <ContactButtons />
            </div>
            <ShopVisit />
          </section>
        </div>
        <div className="max-w-prose rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
