import { Heart, Menu, Search, ShoppingBag, User } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '@web/lib/session';
import { useCartCount } from '@web/lib/cart/cart-count';
import { useWishlist } from '@web/lib/wishlist/store';
import { CategoryNav } from './CategoryNav';
import { LanguageSwitcher } from '@web/components/ui/LanguageSwitcher';
import { CurrencySwitcher } from '@web/components/ui/CurrencySwitcher';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { SearchBox } from './SearchBox';
import { useHeaderCategories } from './use-header-categories';

function IconLink({ to, label, count, children }: { to: string; label: string; count?: number; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-sand hover:text-primary"
    >
      {children}
      {count !== undefined && count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose px-1 text-[0.6875rem] font-semibold leading-none text-white tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation('common');
  const categories = useHeaderCategories();
  const wishlistCount = useWishlist().count;
  const cartCount = useCartCount();
  const { isLoggedIn } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <div className="container-shop flex h-16 items-center gap-2 lg:gap-6">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-haspopup="dialog"
          className="-ms-2 inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-sand lg:hidden"
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        <Logo />
        <SearchBox className="mx-auto hidden w-full max-w-md lg:block" />
        <div className="ms-auto flex items-center gap-0.5 sm:gap-1 lg:ms-0">
          <button
            type="button"
            onClick={() => setSearchOpen((v) => !v)}
            aria-label={t('header.searchLabel')}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-sand lg:hidden"
          >
            <Search aria-hidden="true" className="size-5" />
          </button>
          <div className="me-2 hidden items-center gap-2 lg:flex">
            <LanguageSwitcher />
            <CurrencySwitcher />
          </div>
          <span className="hidden sm:contents">
            <IconLink to={isLoggedIn ? '/profile' : '/login'} label={t('header.account')}>
              <User aria-hidden="true" className="size-5" />
            </IconLink>
          </span>
          <IconLink to="/wishlist" label={t('header.wishlistCount', { count: wishlistCount })} count={wishlistCount}>
            <Heart aria-hidden="true" className="size-5" />
          </IconLink>
          <IconLink to="/cart" label={t('header.cartCount', { count: cartCount })} count={cartCount}>
            <ShoppingBag aria-hidden="true" className="size-5" />
          </IconLink>
        </div>
      </div>
      {searchOpen && (
        <div id="mobile-search" className="container-shop pb-3 lg:hidden">
          <SearchBox autoFocus onSearched={() => setSearchOpen(false)} />
        </div>
      )}
      <CategoryNav categories={categories} />
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} categories={categories} returnFocusTo={menuButtonRef} />
    </header>
  );
}
