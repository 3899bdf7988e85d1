import { ArrowRight, Clock, Gift, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/Button';
import { BouquetArt } from '@web/components/BouquetArt';

/** "Elegant delivery": same day before 15:00, 9:00-20:00, gift message. */
export function DeliverySection() {
  const { t } = useTranslation('catalogue');
  const points = [
    { Icon: Truck, title: t('home.delivery.sameDayTitle'), text: t('home.delivery.sameDayText') },
    { Icon: Clock, title: t('home.delivery.hoursTitle'), text: t('home.delivery.hoursText') },
    { Icon: Gift, title: t('home.delivery.giftTitle'), text: t('home.delivery.giftText') },
  ];
  return (
    <section aria-labelledby="home-delivery-title" className="container-shop py-12 sm:py-16">
      <div className="mb-8 max-w-2xl">
        <h2 id="home-delivery-title" className="mb-3 text-3xl text-ink sm:text-4xl">
          {t('home.delivery.title')}
        </h2>
        <p className="text-muted">{t('home.delivery.subtitle')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {points.map(({ Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-3 rounded-card bg-surface p-6 ring-1 ring-line/60">
            <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft">
              <Icon aria-hidden="true" className="size-5 text-primary" />
            </span>
            <h3 className="text-lg text-ink">{title}</h3>
            <p className="text-sm text-muted">{text}</p>
          </li>
        ))}
      </ul>
      <ButtonLink to="/delivery" variant="secondary" className="mt-6">
        {t('home.delivery.more')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </ButtonLink>
    </section>
  );
}

/** "Featured collection": the dried flowers that last, an editorial invitation. */
export function FeaturedCollection() {
  const { t } = useTranslation('catalogue');
  return (
    <section aria-labelledby="home-collection-title" className="container-shop py-6 sm:py-10">
      <div className="grid overflow-hidden rounded-[1.5rem] bg-sand lg:grid-cols-2">
        <div className="flex items-center justify-center bg-gradient-to-br from-[#efe2cf] to-blush p-8">
          <BouquetArt className="w-56 sm:w-64" />
        </div>
        <div className="flex flex-col justify-center gap-4 p-8 sm:p-12">
          <p className="text-xs font-semibold uppercase tracking-widest text-rose">{t('home.collection.eyebrow')}</p>
          <h2 id="home-collection-title" className="text-3xl text-ink sm:text-4xl">
            {t('home.collection.title')}
          </h2>
          <p className="text-muted">{t('home.collection.text')}</p>
          <div className="flex flex-wrap gap-3 pt-2">
            <ButtonLink to="/category/3">
              {t('home.collection.cta')}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </ButtonLink>
            <ButtonLink to="/shop?sort=newest" variant="secondary">
              {t('home.collection.newest')}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
