import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { cn } from '@web/components/ui/cn';

/** Goes to /shop?search=term when the term is not empty. */
export function SearchBox({ className, autoFocus, onSearched }: { className?: string; autoFocus?: boolean; onSearched?: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/shop' ? (params.get('search') ?? '') : '';
  const [term, setTerm] = useState(current);
  const [synced, setSynced] = useState(current);
  if (current !== synced) {
    // The URL changed (back button, another link): show its term.
    setSynced(current);
    setTerm(current);
  }
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = term.trim();
    if (!value) return;
    navigate(`/shop?search=${encodeURIComponent(value)}`);
    onSearched?.();
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('header.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        name="search"
        value={term}
        autoFocus={autoFocus}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-line bg-surface ps-4 pe-11 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/30"
      />
      <button
        type="submit"
        aria-label={t('header.searchSubmit')}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-full text-muted hover:text-primary"
      >
        <Search aria-hidden="true" className="size-4.5" />
      </button>
    </form>
  );
}
