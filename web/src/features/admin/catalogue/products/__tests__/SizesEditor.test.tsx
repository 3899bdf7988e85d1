/**
 * The product form's sizes and extra flags: a saved size is shown with its names, price and picture,
 * a size is added, moved and removed, and the form sends the sizes as one JSON field with the flags.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { mockFetch, testQueryClient } from '@web/test/utils';
import { ProductForm, type ProductValues } from '../ProductForm';

const sent: FormData[] = [];
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  useSaveProduct: () => ({
    mutateAsync: async ({ body }: { body: FormData }) => {
      sent.push(body);
      return { id: 9, message: 'ok' };
    },
  }),
}));

const initial: ProductValues = {
  texts: {
    fr: { name: 'Bouquet Aurore', description: 'Des roses', tags: '' },
    en: { name: '', description: '', tags: '' },
    ar: { name: '', description: '', tags: '' },
  },
  category_id: '1',
  subcategory_id: '',
  price: '200',
  stock: '5',
  discount: '0',
  is_featured: false,
  is_extra: false,
  sold_alone: false,
  sizes: [{ key: 'size-e3', id: 3, name: 'Classique', name_en: 'Classic', name_ar: 'كلاسيكي', price: '200', image_id: '11' }],
  color_ids: [],
  occasion_ids: [],
  pictures: [{ key: 'e11', kind: 'existing', id: 11, url: '/uploads/a.webp' }],
};

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/admin/products/edit/9', element: <ProductForm initial={initial} productId={9} /> },
      { path: '/admin/products', element: <p>list</p> },
    ],
    { initialEntries: ['/admin/products/edit/9'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('product sizes and extras', () => {
  beforeEach(async () => {
    sent.length = 0;
    await setLanguage('en');
    mockFetch({
      '/api/admin/colors': { data: [] },
      '/api/admin/categories/options': [{ id: 1, name: 'Bouquets', subcategories: [] }],
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('edits the sizes and sends them as one JSON field with the extra flags', async () => {
    renderForm();
    const user = userEvent.setup();
    const first = (await screen.findAllByTestId('size-row'))[0]!;
    expect(within(first).getByLabelText(/Name \(French\)/)).toHaveValue('Classique');
    expect(within(first).getByLabelText(/Price/)).toHaveValue(200);
    expect(within(first).getByLabelText('Picture')).toHaveValue('11');

    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    const second = screen.getAllByTestId('size-row')[1]!;
    await user.type(within(second).getByLabelText(/Name \(French\)/), 'Prestige');
    await user.type(within(second).getByLabelText(/Price/), '400');
    // Prestige first, then Classique.
    await user.click(screen.getByRole('button', { name: 'Move size 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    await user.click(screen.getByRole('button', { name: 'Remove size 3' }));
    expect(screen.getAllByTestId('size-row')).toHaveLength(2);

    // "Sold alone" only for an extra.
    expect(screen.queryByLabelText(/ordered on its own/)).toBeNull();
    await user.click(screen.getByLabelText(/Extra \(vase/));
    await user.click(screen.getByLabelText(/ordered on its own/));

    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!;
    expect(body.get('is_extra')).toBe('1');
    expect(body.get('sold_alone')).toBe('1');
    expect(JSON.parse(String(body.get('sizes')))).toEqual([
      { name: 'Prestige', name_en: null, name_ar: null, price: '400', image_id: null },
      { id: 3, name: 'Classique', name_en: 'Classic', name_ar: 'كلاسيكي', price: '200', image_id: 11 },
    ]);
  });

  it('a size without its price is refused in the browser, under its row', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a size' }));
    const second = screen.getAllByTestId('size-row')[1]!;
    await user.type(within(second).getByLabelText(/Name \(French\)/), 'Prestige');
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(within(second).getByLabelText(/Price/)).toHaveAttribute('aria-invalid', 'true'));
    expect(sent).toHaveLength(0);
  });
});
