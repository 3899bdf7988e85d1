/**
 * The colour form on the form kit: the slug follows the name until typed by hand; a wrong hex code
 * is refused in the browser with the shared message (and the "fill the fields" message above) and
 * nothing is sent; a valid colour is sent as the form's fields (the active flag as '1'), the
 * server's confirmation shown and the form emptied for the next one.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import ColorsPage from './ColorsPage';

beforeEach(async () => {
  await setLanguage('fr');
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const sent: unknown[] = [];
  mockFetch({
    '/api/admin/colors': { data: [] },
    '/api/admin/colors/new': (_url: URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse({ message: 'Couleur ajoutée.' }, 201);
    },
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <ColorsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

describe('colour form', () => {
  it('refuses a wrong hex code in the browser and sends nothing', async () => {
    const sent = renderPage();
    await userEvent.type(box(/^Nom \(français\)/), 'Rose pale');
    expect(box(/^Slug/)).toHaveValue('rose-pale');
    await userEvent.clear(box(/^Code hexadécimal/));
    await userEvent.type(box(/^Code hexadécimal/), '#12');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la couleur' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs obligatoires.');
    expect(screen.getByText('Saisissez un code couleur hexadécimal valide (ex. #FF0000).')).toBeInTheDocument();
    expect(box(/^Code hexadécimal/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends the fields as typed, shows the confirmation and empties the form', async () => {
    const sent = renderPage();
    await userEvent.type(box(/^Nom \(français\)/), 'Rose pale');
    await userEvent.type(box(/^Slug/), '-clair');
    // Typed by hand: the slug no longer follows the name.
    await userEvent.type(box(/^Nom \(français\)/), 's');
    await userEvent.clear(box(/^Code hexadécimal/));
    await userEvent.type(box(/^Code hexadécimal/), '#f4c2c2');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la couleur' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Rose pales',
      name_en: '',
      name_ar: '',
      hex_code: '#f4c2c2',
      slug: 'rose-pale-clair',
      sort_order: '0',
      is_active: '1',
    });
    expect(await screen.findByText('Couleur ajoutée.')).toBeInTheDocument();
    await waitFor(() => expect(box(/^Nom \(français\)/)).toHaveValue(''));
  });
});
