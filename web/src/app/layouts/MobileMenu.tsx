import { ChevronDown, Heart, User } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { DialogCloseButton, DialogLayer, useDialogFocus } from '@web/components/ui/dialog';
import { LanguageSwitcher } from '@web/components/ui/LanguageSwitcher';
import { CurrencySwitcher } from '@web/components/ui/CurrencySwitcher';
import { MobileOccasions } from './OccasionsMenu';
import { SearchBox } from './SearchBox';
import type { HeaderCategory } from './use-header-categories';

function MobileCategory({ category, onNavigate }: { category: HeaderCategory; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const listId = `mobile-category-${category.id}`;
  return (
    <li className="border-b border-line/70">
      <div className="flex items-center">
        <Link to={`/category/${category.id}`} onClick={onNavigate} className="flex-1 py-3 font-medium text-ink">
          {category.name}
        </Link>
        {category.subcategories.length > 0 && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t('nav.subcategoriesOf', { name: category.name })}
            onClick={() => setOpen((v) => !v)}
            className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-sand"
          >
            <ChevronDown aria-hidden="true" className={cn('size-5 transition-transform', open && 'rotate-180')} />
          </button>
        )}
      </div>
      {category.subcategories.length > 0 && (
        <ul id={listId} hidden={!open} className="pb-3 ps-4">
          {category.subcategories.map((sub) => (
            <li key={sub.id}>
              <Link
                to={`/category/${category.id}/subcategory/${sub.id}`}
                onClick={onNavigate}
                className="block py-2 text-sm text-muted hover:text-primary"
              >
                {sub.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The phone menu: a modal panel from the start side. Focus moves into it, stays in it (Tab wraps),
 * Escape or the close button shut it and focus returns to the menu button.
 */
export function MobileMenu({
  open,
  onClose,
  categories,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  categories: HeaderCategory[];
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('common');
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = useDialogFocus(panelRef, {
    open,
    onClose,
    initialFocus: () => closeRef.current,
    returnFocus: () => returnFocusTo.current,
  });

  if (!open) return null;

  // A portal: the sticky header's backdrop filter would otherwise trap this fixed panel inside it.
  return (
    <DialogLayer
      className="fixed inset-0 z-[60] lg:hidden"
      backdropClassName="absolute inset-0 bg-ink/40"
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        className="absolute inset-y-0 start-0 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-cream shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <span className="font-display text-lg font-semibold text-primary">{t('brand')}</span>
          <DialogCloseButton
            ref={closeRef}
            onClick={onClose}
            label={t('nav.closeMenu')}
            className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand"
          />
        </div>
        <div className="flex flex-col gap-6 px-4 py-5">
          <SearchBox onSearched={onClose} />
          <nav aria-label={t('nav.main')}>
            <ul>
              {categories.map((category) => (
                <MobileCategory key={category.id} category={category} onNavigate={onClose} />
              ))}
              <MobileOccasions onNavigate={onClose} />
              <li className="border-b border-line/70">
                <Link to="/customize" onClick={onClose} className="block py-3 font-medium text-ink">
                  {t('nav.customize')}
                </Link>
              </li>
              <li className="border-b border-line/70">
                <Link to="/about" onClick={onClose} className="block py-3 font-medium text-ink">
                  {t('nav.about')}
                </Link>
              </li>
            </ul>
          </nav>
          <div className="flex flex-col gap-1">
            <Link to="/profile" onClick={onClose} className="inline-flex items-center gap-3 py-2 text-ink">
              <User aria-hidden="true" className="size-5 text-muted" /> {t('header.account')}
            </Link>
            <Link to="/wishlist" onClick={onClose} className="inline-flex items-center gap-3 py-2 text-ink">
              <Heart aria-hidden="true" className="size-5 text-muted" /> {t('header.wishlist')}
            </Link>
          </div>
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm text-muted">{t('language.label')}</span>
            <LanguageSwitcher />
          </div>
          <CurrencySwitcher id="currency-switch-menu" className="self-end" />
        </div>
      </div>
    </DialogLayer>
  );
}
