/**
 * Home: hero, featured products (10 a page), categories, occasions (right under the hero while one
 * is in its highlight window), custom bouquet promotion, the elegant
 * delivery and featured collection sections, testimonials with the `#testimonial-form` the hero
 * scrolls to.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '@web/components/ui/HydrateLater';
import { useDocumentTitle } from '@web/lib/head';
import { useCatalogueChangedRefresh } from '../hooks';
import { occasionsQuery } from '../api';
import { CategoriesSection } from '../components/CategoriesSection';
import { OccasionsSection } from '../components/OccasionsSection';
import { CustomBouquetPromo } from '../components/CustomBouquetPromo';
import { FeaturedSection } from '../components/FeaturedSection';
import { Hero } from '../components/Hero';
import { DeliverySection, FeaturedCollection } from '../components/HomeExtras';
import { TestimonialsSection } from '../components/TestimonialsSection';
import { useMetaDescription } from '../seo';

export default function HomePage() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle();
  useMetaDescription(t('seo.homeDescription'));
  useCatalogueChangedRefresh();
  // An occasion in its highlight window (Mother's Day, Eid...) leads: its tiles come right under the hero.
  const leading = useQuery(occasionsQuery()).data?.some((o) => o.highlighted) === true;
  return (
    <>
      <Hero />
      {leading && (
        <HydrateLater className="below-fold">
          <OccasionsSection />
        </HydrateLater>
      )}
      {/* Below the hero on a phone: drawn when it nears the screen (styles.css, below-fold), and
          hydrated on its own when it nears the screen or the browser is idle (HydrateLater). */}
      <HydrateLater className="below-fold">
        <FeaturedSection />
      </HydrateLater>
      <HydrateLater className="below-fold">
        <CategoriesSection />
        {!leading && <OccasionsSection />}
        <CustomBouquetPromo />
      </HydrateLater>
      <HydrateLater className="below-fold">
        <DeliverySection />
        <FeaturedCollection />
      </HydrateLater>
      <HydrateLater className="below-fold">
        <TestimonialsSection />
      </HydrateLater>
    </>
  );
}
