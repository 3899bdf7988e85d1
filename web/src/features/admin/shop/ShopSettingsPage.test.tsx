/**
 * The settings form saves with PUT, a full replacement: it sends every field it was loaded with (the
 * server refuses a PUT that leaves one out rather than blanking it), the changed one included.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactSettingsSchema, type ContactSettings } from '@shared/schemas/shop';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import ShopSettingsPage from './ShopSettingsPage';

const saved: ContactSettings = {
  phone: '+212 5 37 11 22 33',
  whatsapp: '',
  email: 'contact@flora.ma',
  address: { fr: '5 rue des Roses, Rabat', en: '', ar: '5 زنقة الورود، الرباط' },
  opening_hours: { fr: 'Du lundi au samedi', en: 'Monday to Saturday', ar: 'من الاثنين إلى السبت' },
  instagram: '',
  facebook: 'https://www.facebook.com/floramaroc',
};

beforeEach(async () => {
  await setLanguage('fr');
});
afterEach(() => vi.unstubAllGlobals());

describe('shop settings page', () => {
  it('saves every field with PUT, the changed one included', async () => {
    const sent: unknown[] = [];
    mockFetch({
      '/api/admin/settings': (_url: URL, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)));
          return jsonResponse({ message: 'Réglages enregistrés.', settings: sent.at(-1) });
        }
        return jsonResponse(saved);
      },
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <ShopSettingsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const instagram = await screen.findByRole('textbox', { name: 'Instagram' });
    await userEvent.type(instagram, 'https://www.instagram.com/floramaroc');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ ...saved, instagram: 'https://www.instagram.com/floramaroc' });
    // What the server requires of a PUT.
    expect(contactSettingsSchema.safeParse(sent[0]).success).toBe(true);
    expect(await screen.findByText('Réglages enregistrés.')).toBeInTheDocument();
  });
});
