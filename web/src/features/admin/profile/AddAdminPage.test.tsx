/**
 * The add-admin page on the form kit: only the first failing check is reported (under its field and
 * above the form) and nothing is sent; a refusal's field message lands under its field and above
 * the form; a success sends the trimmed body and shows the server's confirmation.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import AddAdminPage from './AddAdminPage';

beforeEach(async () => {
  await setLanguage('fr');
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(create: (body: unknown) => Response) {
  const sent: unknown[] = [];
  mockFetch({
    '/api/admin/profile': { id: 1, name: 'Chef', email: 'chef@flora.ma', role: 'super_admin' },
    '/api/admin/admins/new': (_url: URL, init?: RequestInit) => {
      const body: unknown = JSON.parse(String(init?.body));
      sent.push(body);
      return create(body);
    },
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <AddAdminPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

async function fill(password: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Nom complet' }), ' Samira ');
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'samira@flora.ma');
  await userEvent.type(screen.getByLabelText(/^Mot de passe/), password);
  await userEvent.type(screen.getByLabelText(/^Confirmer le mot de passe/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Créer l’admin' }));
}

describe('add admin page', () => {
  it('reports a short password under the field and above the form, and sends nothing', async () => {
    const sent = renderPage(() => jsonResponse({}, 500));
    await fill('short');
    expect(await screen.findByRole('alert')).toHaveTextContent('Le mot de passe doit contenir au moins 12 caractères');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it('puts a refusal’s field message under its field and above the form', async () => {
    renderPage(() => jsonResponse({ message: 'Les données sont invalides.', errors: { email: ['Cet e-mail est déjà utilisé.'] } }, 422));
    await fill('twelve-chars-ok');
    // Above the form: the refusal's first message (its field's), as the page always said it.
    expect(await screen.findByRole('alert')).toHaveTextContent('Cet e-mail est déjà utilisé.');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(String(email.getAttribute('aria-describedby')))).toHaveTextContent('Cet e-mail est déjà utilisé.');
  });

  it('sends the trimmed body and shows the server’s confirmation', async () => {
    const sent = renderPage(() => jsonResponse({ message: 'Administrateur créé avec succès !', admin: {} }, 201));
    await fill('twelve-chars-ok');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Samira',
      email: 'samira@flora.ma',
      role: 'admin',
      phone: null,
      address: null,
      password: 'twelve-chars-ok',
      password_confirmation: 'twelve-chars-ok',
    });
    expect(await screen.findByText('Administrateur créé avec succès !')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer l’admin' })).toBeDisabled();
  });
});
