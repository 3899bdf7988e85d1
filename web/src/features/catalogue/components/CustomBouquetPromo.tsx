import { ArrowRight, Flower, HandHeart, Palette } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/Button';
import { BouquetArt } from '@web/components/BouquetArt';

/** "Compose your own bouquet" invitation, leading to /customize. */
export function CustomBouquetPromo() {
  const { t } = useTranslation('catalogue');
  const steps = [
    { Icon: Flower, text: t('home.custom.step1') },
    { Icon: Palette, text: t('home.custom.step2') },
    { Icon: HandHeart, text: t('home.custom.step3') },
  ];
  return (
    <section aria-labelledby="home-custom-title" className="container-shop py-6 sm:py-10">
      <div className="relative grid overflow-hidden rounded-[1.5rem] bg-primary text-white lg:grid-cols-[1.3fr_0.7fr]">
        <div className="p-8 sm:p-12">
          <p className="mb-3 text-xs font-semibold uppercase tracking-widest text-rose-light">{t('home.custom.eyebrow')}</p>
          <h2 id="home-custom-title" className="mb-4 text-3xl sm:text-4xl">
            {t('home.custom.title')}
          </h2>
          <p className="mb-8 max-w-lg text-white/85">{t('home.custom.text')}</p>
          <ol className="mb-9 grid gap-4 sm:grid-cols-3">
            {steps.map(({ Icon, text }, i) => (
              <li key={i} className="flex items-center gap-3 text-sm text-white/90">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20">
                  <Icon aria-hidden="true" className="size-5 text-rose-light" />
                </span>
                {text}
              </li>
            ))}
          </ol>
          <ButtonLink to="/customize" size="lg" variant="light">
            {t('home.custom.cta')}
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </ButtonLink>
        </div>
        <div className="relative hidden items-end justify-center bg-gradient-to-b from-primary to-[#2a6249] lg:flex">
          <BouquetArt className="w-72 translate-y-6" />
        </div>
      </div>
    </section>
  );
}
