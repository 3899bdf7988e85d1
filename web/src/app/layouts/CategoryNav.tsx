import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { OccasionsMenu } from './OccasionsMenu';
import type { HeaderCategory } from './use-header-categories';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('inline-flex h-12 items-center px-3 text-sm font-medium transition-colors hover:text-primary', isActive ? 'text-primary' : 'text-ink');

function CategoryMenu({ category }: { category: HeaderCategory }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const menuId = `category-menu-${category.id}`;
  const hasSubs = category.subcategories.length > 0;

  useEffect(() => setOpen(false), [location.key]);

  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }
  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    <li className="group relative flex items-center" onBlur={onBlur} onKeyDown={onKeyDown}>
      <NavLink to={`/category/${category.id}`} className={linkClass}>
        {category.name}
      </NavLink>
      {hasSubs && (
        <>
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t('nav.subcategoriesOf', { name: category.name })}
            onClick={() => setOpen((v) => !v)}
            className="-ms-2 inline-flex size-7 items-center justify-center rounded-full text-muted hover:text-primary"
          >
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
          </button>
          <ul
            id={menuId}
            className={cn(
              'absolute start-0 top-full z-50 min-w-60 rounded-card border border-line bg-surface py-2 shadow-card',
              open ? 'block animate-fade-in' : 'hidden group-hover:block',
            )}
          >
            <li>
              <Link to={`/category/${category.id}`} className="block px-4 py-2 text-sm font-semibold text-primary hover:bg-primary-soft">
                {t('nav.viewAll', { name: category.name })}
              </Link>
            </li>
            {category.subcategories.map((sub) => (
              <li key={sub.id}>
                <Link
                  to={`/category/${category.id}/subcategory/${sub.id}`}
                  className="block px-4 py-2 text-sm text-ink hover:bg-primary-soft hover:text-primary"
                >
                  {sub.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/** Desktop navigation: four category menus, the occasions, Customize, About. */
export function CategoryNav({ categories }: { categories: HeaderCategory[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('nav.main')} className="hidden border-t border-line/70 lg:block">
      <ul className="container-shop flex items-center justify-center gap-2">
        {categories.map((category) => (
          <CategoryMenu key={category.id} category={category} />
        ))}
        <OccasionsMenu />
        <li aria-hidden="true" className="mx-2 h-4 w-px bg-line" />
        <li>
          <NavLink to="/customize" className={linkClass}>
            {t('nav.customize')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/about" className={linkClass}>
            {t('nav.about')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
