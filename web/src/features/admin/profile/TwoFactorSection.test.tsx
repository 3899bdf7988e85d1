/**
 * The two-step sign-in forms on the form kit: an empty code or password is refused above the form
 * and nothing is sent; a wrong code shows the server's words and empties the field; turning it off
 * sends the password and confirms with the server's message.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProfile } from '@shared/schemas/accounts';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { TwoFactorSection } from './TwoFactorSection';

const me: AdminProfile = {
  id: 7,
  name: 'Nadia',
  email: 'nadia@flora.ma',
  phone: null,
  role: 'admin',
  pending_email: null,
  two_factor: false,
  recovery_codes_left: 0,
};

beforeEach(async () => {
  await setLanguage('fr');
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(profile: AdminProfile) {
  const sent: { path: string; body: unknown }[] = [];
  const record = (path: string, answer: () => Response) => (_url: URL, init?: RequestInit) => {
    sent.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
    return answer();
  };
  mockFetch({
    '/api/admin/profile': profile,
    '/api/admin/profile/two-factor/setup': { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' },
    '/api/admin/profile/two-factor/enable': record('enable', () =>
      jsonResponse({ message: 'Code incorrect.', errors: { code: ['Code incorrect.'] } }, 422),
    ),
    '/api/admin/profile/two-factor/disable': record('disable', () => jsonResponse({ message: 'Connexion en deux étapes désactivée.' })),
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <TwoFactorSection me={profile} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('two-step sign-in section', () => {
  it('refuses an empty code, then shows a wrong code’s refusal and empties the field', async () => {
    const sent = renderSection(me);
    await userEvent.click(screen.getByRole('button', { name: 'Activer la connexion en deux étapes' }));
    const confirm = await screen.findByRole('button', { name: 'Confirmer et activer' });
    await userEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez saisir le code de votre application.');
    expect(sent).toEqual([]);

    const code = screen.getByRole('textbox', { name: 'Code à 6 chiffres de l’application' });
    await userEvent.type(code, '123 456');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Code incorrect.'));
    expect(sent).toEqual([{ path: 'enable', body: { code: '123 456' } }]);
    expect(code).toHaveValue('');
  });

  it('turns it off with the password and confirms with the server’s message', async () => {
    const sent = renderSection({ ...me, two_factor: true, recovery_codes_left: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Désactiver la connexion en deux étapes' }));
    const submit = screen.getByRole('button', { name: 'Désactiver la connexion en deux étapes' });
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez saisir votre mot de passe.');
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Mot de passe actuel/), 'Nadia-password');
    await userEvent.click(submit);
    await waitFor(() => expect(sent).toEqual([{ path: 'disable', body: { current_password: 'Nadia-password' } }]));
    expect(await screen.findByText('Connexion en deux étapes désactivée.')).toBeInTheDocument();
  });
});
