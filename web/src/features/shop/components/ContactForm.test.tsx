/**
 * The contact form on the kit's save path: a 422's field errors under their fields (the first
 * focused), a failure no field explains above the form with the shop's direct contacts, a success
 * in place of the form.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { ContactForm } from './ContactForm';

beforeEach(async () => {
  await setLanguage('fr');
});
afterEach(() => vi.unstubAllGlobals());

const SHOP = {
  phone: '+212522000000',
  whatsapp: '212600000000',
  email: 'bonjour@flora.ma',
  address: '',
  opening_hours: '',
  instagram: '',
  facebook: '',
};

async function fillAndSend() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Salma Idrissi');
  await userEvent.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'salma@example.ma');
  await userEvent.type(screen.getByRole('textbox', { name: 'Votre message' }), 'Un bouquet pour samedi ?');
  await userEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
}

describe('contact form', () => {
  it('puts a 422 under its field, focused, with nothing above the form', async () => {
    mockFetch({
      '/api/custom-bouquet/contact': () => jsonResponse({ message: 'Invalid', errors: { email: ['Cette adresse est refusée.'] } }, 422),
      '/api/shop-info': SHOP,
    });
    await fillAndSend();
    expect(await screen.findByText('Cette adresse est refusée.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the direct contacts when the message cannot be sent', async () => {
    mockFetch({ '/api/custom-bouquet/contact': () => jsonResponse({ message: 'Server error' }, 500), '/api/shop-info': SHOP });
    await fillAndSend();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Votre message n'a pas pu être envoyé.");
    expect(await within(alert).findByRole('link', { name: /bonjour@flora\.ma|e-mail/i })).toBeInTheDocument();
  });

  it('thanks the sender by name in place of the form', async () => {
    mockFetch({ '/api/custom-bouquet/contact': { message: 'ok' }, '/api/shop-info': SHOP });
    await fillAndSend();
    expect(await screen.findByRole('status')).toHaveTextContent('Merci Salma Idrissi !');
    expect(screen.queryByRole('button', { name: 'Envoyer le message' })).toBeNull();
  });
});
