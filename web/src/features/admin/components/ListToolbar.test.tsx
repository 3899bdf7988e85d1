import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { ListToolbar, SearchInput } from './ListToolbar';

function renderSearch(onSearch: (value: string) => void) {
  const router = createMemoryRouter([{ path: '*', element: <SearchInput label="Rechercher" value="" onSearch={onSearch} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByLabelText('Rechercher');
}

describe('SearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches 300 ms after the last key', () => {
    const onSearch = vi.fn();
    const input = renderSearch(onSearch);
    fireEvent.change(input, { target: { value: 'salma ' } });
    vi.advanceTimersByTime(299);
    expect(onSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('salma');
  });

  // An admin who types and at once clicks a row: focus leaves the box before the click lands, so the
  // search is applied then, and no timer fires later to replace the URL under the row's navigation.
  it('applies a pending search at once when the box loses focus, and only once', () => {
    const onSearch = vi.fn();
    const input = renderSearch(onSearch);
    input.focus();
    fireEvent.change(input, { target: { value: 'salma.bennani@example.ma' } });
    fireEvent.blur(input);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('salma.bennani@example.ma');
    vi.advanceTimersByTime(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  // Who types and then presses a row's link is opening that row: the list must not be redrawn under
  // the press (the click would land on nothing), so the search is dropped, now and later.
  it('drops the pending search when the focus goes to a link', () => {
    const onSearch = vi.fn();
    const input = renderSearch(onSearch);
    const link = document.createElement('a');
    link.href = '/admin/customers/7';
    document.body.append(link);
    input.focus();
    fireEvent.change(input, { target: { value: 'salma.bennani@example.ma' } });
    fireEvent.blur(input, { relatedTarget: link });
    vi.advanceTimersByTime(1000);
    expect(onSearch).not.toHaveBeenCalled();
    link.remove();
  });

  it('applies it at once on Enter', () => {
    const onSearch = vi.fn();
    const input = renderSearch(onSearch);
    fireEvent.change(input, { target: { value: 'rose' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('rose');
    vi.advanceTimersByTime(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});

describe('ListToolbar', () => {
  // On a phone the folded filters are hidden until the toggle opens them (CSS below md); the toggle
  // says how many are set, so a filter folded away is never forgotten.
  it('folds the `more` filters behind a toggle that counts the ones set', async () => {
    await setLanguage('fr');
    render(
      <ListToolbar
        activeMore={2}
        more={
          <label>
            Statut
            <select />
          </label>
        }
      >
        <span>search</span>
      </ListToolbar>,
    );
    const toggle = screen.getByRole('button', { name: 'Filtres (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const folded = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(folded).toHaveClass('max-md:hidden');
    expect(folded).toHaveTextContent('Statut');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(folded).not.toHaveClass('max-md:hidden');
  });
});
