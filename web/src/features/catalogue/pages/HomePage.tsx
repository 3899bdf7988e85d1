/**
 * Home: hero, featured products (10 a page), categories, custom bouquet promotion, the elegant
 * delivery and featured collection sections, testimonials with the `#testimonial-form` the hero
 * scrolls to.
 */
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@web/lib/head';
import { useCatalogueChangedRefresh } from '../hooks';
import { CategoriesSection } from '../components/CategoriesSection';
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
  return (
    <>
      <Hero />
      {/* Below the hero on a phone: drawn when it nears the screen (styles.css, below-fold). */}
      <div className="below-fold">
        <FeaturedSection />
      </div>
      <div className="below-fold">
        <CategoriesSection />
        <CustomBouquetPromo />
      </div>
      <div className="below-fold">
        <DeliverySection />
        <FeaturedCollection />
      </div>
      <div className="below-fold">
        <TestimonialsSection />
      </div>
    </>
  );
}
