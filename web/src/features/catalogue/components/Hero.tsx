import { ArrowRight, MessageSquareHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@web/components/ui/Button';
import { BouquetArt } from '@web/components/BouquetArt';

export const TESTIMONIAL_FORM_ID = 'testimonial-form';
/** Event asking the deferred testimonial form to load now. */
export const TESTIMONIAL_FORM_REQUESTED = 'testimonial-form-requested';

/** Scrolls to the testimonial form (when the page has one) and moves focus into it. */
export function scrollToTestimonialForm(): boolean {
  const target = document.getElementById(TESTIMONIAL_FORM_ID);
  if (!target) return false;
  target.dispatchEvent(new Event(TESTIMONIAL_FORM_REQUESTED));
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  const field = target.querySelector<HTMLElement>('textarea, input, button, [tabindex]');
  (field ?? target).focus({ preventScroll: true });
  return true;
}

export function Hero() {
  const { t } = useTranslation('catalogue');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-blush via-cream to-cream">
      <div className="container-shop grid items-center gap-10 pt-10 pb-10 sm:pt-14 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-16 lg:pb-16">
        <div className="max-w-xl">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-surface/80 px-3 py-1 text-xs font-semibold tracking-wide text-rose ring-1 ring-rose/15">
            {t('home.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="mb-5 text-4xl text-ink sm:text-5xl lg:text-6xl">
            {t('home.hero.title')}
          </h1>
          <p className="mb-8 text-lg text-muted">{t('home.hero.subtitle')}</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/shop" size="lg">
              {t('home.hero.shopNow')}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </ButtonLink>
            <Button variant="secondary" size="lg" onClick={scrollToTestimonialForm}>
              <MessageSquareHeart aria-hidden="true" className="size-4" />
              {t('home.hero.share')}
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
            <li>{t('home.hero.point1')}</li>
            <li>{t('home.hero.point2')}</li>
            <li>{t('home.hero.point3')}</li>
          </ul>
        </div>
        <div className="relative mx-auto hidden w-full max-w-sm sm:block lg:max-w-md">
          <div className="absolute inset-0 rounded-t-full bg-gradient-to-b from-rose-light/70 to-primary-soft" />
          <BouquetArt className="relative mx-auto w-4/5 pt-10 pb-4" />
        </div>
      </div>
    </section>
  );
}
