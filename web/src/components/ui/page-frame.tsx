/** Pieces of every page frame (storefront and back office): skip link, navigation bar, first-load spinner. */
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Spinner } from './Spinner';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[100] focus:rounded-full focus:bg-primary focus:px-5 focus:py-3 focus:text-white focus:shadow-lg"
    >
      {t('nav.skipToContent')}
    </a>
  );
}

/** A thin bar while the next page's code or data is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[90] h-0.5 overflow-hidden bg-primary-soft">
      <div className="h-full w-1/3 animate-pulse bg-primary" />
    </div>
  );
}

/** Shown while the very first page's code loads. */
export function PageFallback() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <Spinner />
    </div>
  );
}
