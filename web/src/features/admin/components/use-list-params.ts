/**
 * A list's state in the URL (search, filters, page, sort), so a reload, the back button and a shared
 * link keep it.
 *
 *   const [params, setParams] = useListParams({ page: 1, search: '', status: '' });
 *   params.status          // '' when absent from the URL
 *   setParams({ status })  // any change but `page` goes back to page 1
 *
 * Defaults say each value's type: numbers are parsed (a bad number falls back to the default),
 * strings are kept as typed. Default values are left out of the URL.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type Defaults = Record<string, string | number>;
type Values<D extends Defaults> = { [K in keyof D]: D[K] extends number ? number : string };

export function useListParams<D extends Defaults>(defaults: D): [Values<D>, (changes: Partial<Values<D>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => {
    const out: Record<string, string | number> = {};
    for (const [key, fallback] of Object.entries(defaults)) {
      const raw = searchParams.get(key);
      if (raw === null) out[key] = fallback;
      else if (typeof fallback === 'number') {
        const n = Number(raw);
        out[key] = Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;
      } else out[key] = raw;
    }
    return out as Values<D>;
    // The defaults are a literal at the call site: their content, not their identity, matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams, JSON.stringify(defaults)]);

  const update = useCallback(
    (changes: Partial<Values<D>>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const resetsPage = Object.keys(changes).some((k) => k !== 'page');
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, String(value));
          }
          if (resetsPage && 'page' in defaults && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearchParams, JSON.stringify(defaults)],
  );
  return [values, update];
}

/** The link to another page of the current list: the same URL with `page` changed. */
export function usePageHref(): (page: number) => string {
  const [searchParams] = useSearchParams();
  return useCallback(
    (page: number) => {
      const next = new URLSearchParams(searchParams);
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
      const query = next.toString();
      return query ? `?${query}` : '?';
    },
    [searchParams],
  );
}
