import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { occasionsQuery } from '@web/features/catalogue/api';

/** The header's occasions (Mother's Day, birth...): each links to its page in the reader's language. */
function useOccasions() {
  return useQuery(occasionsQuery()).data ?? [];
}

/** Desktop: an "Occasions" button opening the list (hover or click, Escape closes). */
export function OccasionsMenu() {
  const { t } = useTranslation('common');
  const occasions = useOccasions();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  if (occasions.length === 0) return null;

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
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="occasions-menu"
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-12 items-center gap-1 px-3 text-sm font-medium text-ink transition-colors hover:text-primary"
      >
        {t('nav.occasions')}
        <ChevronDown aria-hidden="true" className={cn('size-4 text-muted transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id="occasions-menu"
        className={cn(
          'absolute start-0 top-full z-50 min-w-60 rounded-card border border-line bg-surface py-2 shadow-card',
          open ? 'block animate-fade-in' : 'hidden group-hover:block',
        )}
      >
        {occasions.map((o) => (
          <li key={o.id}>
            <Link to={`/occasion/${o.slug}`} className="block px-4 py-2 text-sm text-ink hover:bg-primary-soft hover:text-primary">
              {o.name}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Phone menu: "Occasions" unfolding the list. */
export function MobileOccasions({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const occasions = useOccasions();
  const [open, setOpen] = useState(false);
  if (occasions.length === 0) return null;
  return (
    <li className="border-b border-line/70">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-occasions"
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between py-3 text-start font-medium text-ink"
      >
        {t('nav.occasions')}
        <ChevronDown aria-hidden="true" className={cn('size-5 text-muted transition-transform', open && 'rotate-180')} />
      </button>
      <ul id="mobile-occasions" hidden={!open} className="pb-3 ps-4">
        {occasions.map((o) => (
          <li key={o.id}>
            <Link to={`/occasion/${o.slug}`} onClick={onNavigate} className="block py-2 text-sm text-muted hover:text-primary">
              {o.name}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
