/**
 * A row's delete asked first, the one way every catalogue list does it: the dialog names the row,
 * Cancel sends nothing, a refusal (a category that still has products) stays in the dialog, and a
 * confirmed delete closes it with the list already loaded again (the mutation's refresh).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import CategoriesPage from '../catalogue/categories/CategoriesPage';
import { useConfirmDelete } from './use-confirm-delete';

beforeEach(async () => {
  await setLanguage('fr');
});
afterEach(() => vi.unstubAllGlobals());

const row = (id: number, name: string) => ({ id, name, description: '', image_path: null, products_count: 0, subcategories: [] });
const meta = (total: number) => ({ page: 1, per_page: 10, total, last_page: 1 });

function Harness({ action }: { action: (name: string) => Promise<unknown> }) {
  const del = useConfirmDelete<string>({ action, message: (name) => `Supprimer ${name} ?` });
  return (
    <>
      <button type="button" onClick={() => del.ask('Roses')}>
        ask
      </button>
      {del.dialog}
    </>
  );
}

describe('useConfirmDelete', () => {
  it('names the row, sends nothing on Cancel, runs the action for that row on confirm and closes', async () => {
    const action = vi.fn(async () => undefined);
    render(<Harness action={action} />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Supprimer Roses ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(action).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(action).toHaveBeenCalledWith('Roses');
  });

  it('on a catalogue list: a refusal stays in the dialog; a delete closes it with the list loaded again', async () => {
    let rows = [row(1, 'Bouquets'), row(2, 'Plantes')];
    let refuse = true;
    const deleted: string[] = [];
    mockFetch({
      '/api/admin/categories': () => jsonResponse({ data: rows, meta: meta(rows.length) }),
      '/api/admin/categories/2': (_url: URL, init?: RequestInit) => {
        if (refuse) return jsonResponse({ message: 'Cette catégorie contient 3 produits.' }, 409);
        deleted.push(String(init?.method));
        rows = rows.filter((r) => r.id !== 2);
        return jsonResponse({ message: 'Catégorie supprimée.' });
      },
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/admin/categories', element: <CategoriesPage /> }], {
            initialEntries: ['/admin/categories'],
          })}
        />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('Plantes');
    await userEvent.click(within(table).getByRole('button', { name: 'Supprimer Plantes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Supprimer « Plantes » ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByText('Cette catégorie contient 3 produits.')).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual(['DELETE']);
    // The mutation reloaded the list before the dialog closed.
    expect(within(screen.getByRole('table')).queryByText('Plantes')).toBeNull();
    expect(within(screen.getByRole('table')).getByText('Bouquets')).toBeInTheDocument();
  });
});
