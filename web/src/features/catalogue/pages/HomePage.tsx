/**
 * Home: hero, categories, custom bouquet promotion. Featured products and testimonials (with the
 * `#testimonial-form` the hero scrolls to) are added here as their own sections.
 */
import { useDocumentTitle } from '@web/lib/head';
import { CategoriesSection } from '../components/CategoriesSection';
import { CustomBouquetPromo } from '../components/CustomBouquetPromo';
import { Hero } from '../components/Hero';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <CategoriesSection />
      <CustomBouquetPromo />
    </>
  );
}
