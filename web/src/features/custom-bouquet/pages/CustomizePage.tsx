import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SingleStem } from '@shared/schemas/custom-bouquet';
import { ErrorState, Skeleton } from '@web/components/ui';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/head';
import { Pagination } from '@web/components/ui/Pagination';
import { useSingleStems } from '../api';
import { BouquetPreview } from '../components/BouquetPreview';
import { ContactSection } from '../components/ContactSection';
import { SelectionBar } from '../components/SelectionBar';
import { SelectionPanel } from '../components/SelectionPanel';
import { StemCard } from '../components/StemCard';
import {
  addStem,
  dropFlagWhenEmpty,
  loadSelection,
  removeLine,
  saveSelection,
  setQuantity,
  storeForCheckout,
  type CustomLine,
  type SelectedColor,
} from '../selection';

/** The custom bouquet builder: single stems to choose from, the selection, a live preview, contact. */
export default function CustomizePage() {
  const { t, i18n } = useTranslation('custom-bouquet');
  useDocumentTitle(t('page.title'));
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const stems = useSingleStems(page, i18n.resolvedLanguage ?? i18n.language);
  const [lines, setLines] = useState<CustomLine[]>(() => loadSelection());
  const gridTop = useRef<HTMLHeadingElement>(null);
  const selectionTop = useRef<HTMLHeadingElement>(null);
  // One toast at a time: quick taps replace the last one rather than pile up over the screen.
  const lastToast = useRef<number | null>(null);

  // The selection survives a reload; leaving the page with nothing stored drops the customized flag.
  useEffect(() => saveSelection(lines), [lines]);
  useEffect(() => () => dropFlagWhenEmpty(), []);

  const add = (stem: SingleStem, color: SelectedColor | null) => {
    setLines((current) => addStem(current, stem, color));
    if (lastToast.current != null) toast.dismiss(lastToast.current);
    lastToast.current = toast.success(
      color ? t('grid.addedColor', { name: stem.name, color: color.name }) : t('grid.added', { name: stem.name }),
    );
  };

  const proceed = () => {
    try {
      storeForCheckout(lines);
      navigate('/custom-checkout');
    } catch {
      window.alert(t('selection.proceedFailed'));
    }
  };

  const reduceMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const showSelection = () => {
    selectionTop.current?.focus({ preventScroll: true });
    selectionTop.current?.scrollIntoView?.({ block: 'start', behavior: reduceMotion() ? 'auto' : 'smooth' });
  };

  const goTo = (p: number) => {
    setPage(p);
    gridTop.current?.focus({ preventScroll: true });
    gridTop.current?.scrollIntoView?.({ block: 'start', behavior: reduceMotion() ? 'auto' : 'smooth' });
  };

  const data = stems.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <h1 className="font-display text-3xl text-ink sm:text-4xl">{t('page.title')}</h1>
        <p className="mt-3 text-muted">{t('page.intro')}</p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="custom-grid-title">
          <h2 id="custom-grid-title" ref={gridTop} tabIndex={-1} className="scroll-mt-28 font-display text-2xl text-ink focus:outline-none">
            {t('grid.title')}
          </h2>
          <div className="mt-4" aria-busy={stems.isFetching || undefined}>
            {stems.isPending ? (
              <div className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3" role="status" aria-label={t('grid.loading')}>
                {Array.from({ length: 6 }, (_, i) => (
                  <div key={i} className="overflow-hidden rounded-card border border-line">
                    <Skeleton className="aspect-[4/5] w-full rounded-none" />
                    <div className="space-y-2 p-3">
                      <Skeleton className="h-4 w-2/3" />
                      <Skeleton className="h-4 w-1/3" />
                      <Skeleton className="h-9 w-full" />
                    </div>
                  </div>
                ))}
              </div>
            ) : stems.isError && !data ? (
              <ErrorState message={t('grid.error')} onRetry={() => void stems.refetch()} retrying={stems.isFetching} />
            ) : data && data.data.length === 0 ? (
              <ErrorState tone="empty" message={t('grid.empty')} />
            ) : data ? (
              <>
                <div className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3">
                  {data.data.map((stem, i) => (
                    <StemCard key={stem.id} stem={stem} onAdd={add} eager={i < 2} />
                  ))}
                </div>
                <Pagination page={data.meta.page} lastPage={data.meta.last_page} onPage={goTo} label={t('grid.pagination')} />
              </>
            ) : null}
          </div>
        </section>

        <aside className="flex flex-col gap-6 lg:sticky lg:top-28 lg:self-start" aria-label={t('selection.aside')}>
          <div className="rounded-card border border-line bg-gradient-to-b from-blush/60 to-surface p-4">
            <h2 className="font-display text-xl text-ink">{t('preview.title')}</h2>
            <BouquetPreview lines={lines} className="mt-2" />
          </div>
          <SelectionPanel
            ref={selectionTop}
            lines={lines}
            onQuantity={(id, q) => setLines((current) => setQuantity(current, id, q))}
            onRemove={(id) => setLines((current) => removeLine(current, id))}
            onProceed={proceed}
          />
        </aside>
      </div>

      <div className="mt-12">
        <ContactSection />
      </div>
      <SelectionBar lines={lines} onShow={showSelection} />
    </div>
  );
}
