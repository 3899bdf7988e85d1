import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { shopRoutes } from './routes';

const ZONES = [
  { id: 1, name: 'Rabat', fee: 40, fee_max: null, free_threshold: 500 },
  { id: 4, name: 'Casablanca', fee: 50, fee_max: 70, free_threshold: null },
];
const SHOP = {
  phone: '+212 600 000 000',
  whatsapp: '+212600000000',
  email: 'bonjour@flora.ma',
  address: 'Atelier Flora Maroc, Agdal, 10090 Rabat, Maroc',
  opening_hours: 'Tous les jours, de 9 h à 20 h',
  instagram: 'https://www.instagram.com/floramaroc',
  facebook: null,
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/', children: shopRoutes }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  mockFetch({
    '/api/delivery-zones': ZONES,
    '/api/delivery/closed-dates': {
      dates: [],
      today: '2026-11-22',
      earliest: '2026-11-23',
      latest: '2027-02-20',
      expected_without_date: '2026-11-22',
    },
    '/api/shop-info': SHOP,
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const PAGES: [path: string, fr: string, ar: string][] = [
  ['/about', 'À propos de Flora Maroc', 'عن فلورا المغرب'],
  ['/care-guide', "Guide d'entretien", 'دليل العناية'],
  ['/delivery', 'Livraison', 'التوصيل'],
  ['/sustainability', 'Notre engagement durable', 'التزامنا بالاستدامة'],
  ['/terms', 'Conditions générales de vente', 'الشروط العامة للبيع'],
  ['/privacy', 'Politique de confidentialité', 'سياسة الخصوصية'],
  ['/information', "Centre d'information", 'مركز المعلومات'],
  ['/information/about', 'À propos de Flora Maroc', 'عن فلورا المغرب'],
  ['/information/delivery', 'Livraison', 'التوصيل'],
  ['/information/care-guide', "Guide d'entretien", 'دليل العناية'],
  ['/information/sustainability', 'Notre engagement durable', 'التزامنا بالاستدامة'],
  ['/information/terms', 'Conditions générales de vente', 'الشروط العامة للبيع'],
  ['/information/about-us', 'Qui sommes-nous', 'من نحن'],
  ['/contact', 'Contactez-nous', 'اتصل بنا'],
];

describe('information pages', () => {
  it.each(PAGES)('%s has its main heading in French and in Arabic', async (path, fr, ar) => {
    renderAt(path);
    // The first visit of a page also loads its code.
    expect(await screen.findByRole('heading', { level: 1, name: fr })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain(fr));
    await i18n.changeLanguage('ar');
    expect(await screen.findByRole('heading', { level: 1, name: ar })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('sets the page description', async () => {
    renderAt('/delivery');
    await screen.findByRole('heading', { level: 1, name: 'Livraison' });
    // The head is written by an effect after the page is drawn: on a busy machine the heading can be
    // found first (this failed once in a full run beside the API tests).
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
        'content',
        expect.stringContaining('livraison offerte dès 500 MAD'),
      ),
    );
  });

  it('the hub marks the current tab with aria-current, and every tab is a link', async () => {
    renderAt('/information/delivery');
    const tabs = await screen.findByRole('navigation', { name: "Rubriques du centre d'information" });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/information/about',
      '/information/delivery',
      '/information/care-guide',
      '/information/sustainability',
      '/information/terms',
    ]);
    expect(within(tabs).getByRole('link', { name: 'Livraison' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'À propos' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(tabs).getByRole('link', { name: 'Conditions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions générales de vente' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Conditions' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('delivery zones', () => {
  it('shows a skeleton, then the zones from the API with fee, range and free-delivery threshold', async () => {
    renderAt('/delivery');
    expect(await screen.findByText('Chargement des villes de livraison…')).toBeInTheDocument();
    const rabat = await screen.findByRole('row', { name: /Rabat/ });
    const table = screen.getByRole('table', { name: 'Frais de livraison par ville' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(rabat).toHaveTextContent('40,00 MAD');
    expect(rabat).toHaveTextContent("dès 500,00 MAD d'achat");
    const casa = within(table).getByRole('row', { name: /Casablanca/ });
    expect(casa).toHaveTextContent('50,00 MAD');
    expect(casa).toHaveTextContent('70,00 MAD');
    expect(casa).toHaveTextContent('selon le quartier, confirmé par téléphone');
    expect(casa).toHaveTextContent('Pas de livraison offerte');
  });

  it('shows the zone names and amounts in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderAt('/delivery');
    const rabat = await screen.findByRole('row', { name: /Rabat/ });
    const table = screen.getByRole('table', { name: 'رسوم التوصيل حسب المدينة' });
    expect(within(table).getByRole('columnheader', { name: 'المدينة' })).toBeInTheDocument();
    expect(rabat).toHaveTextContent('ابتداءً من 500,00 MAD من المشتريات');
  });

  it('shows an error with Retry that loads the zones again', async () => {
    let calls = 0;
    mockFetch({
      '/api/delivery-zones': () => (++calls === 1 ? jsonResponse({ message: 'down' }, 500) : jsonResponse(ZONES)),
      '/api/shop-info': SHOP,
    });
    renderAt('/delivery');
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les villes de livraison.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('row', { name: /Rabat/ })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('lists the next closed days when there are some', async () => {
    mockFetch({
      '/api/delivery-zones': ZONES,
      '/api/delivery/closed-dates': {
        dates: ['2027-01-01'],
        today: '2026-11-22',
        earliest: '2026-11-23',
        latest: '2027-02-20',
        expected_without_date: '2026-11-22',
      },
    });
    renderAt('/delivery');
    expect(await screen.findByText('Prochains jours sans livraison')).toBeInTheDocument();
    expect(screen.getByText('vendredi 1 janvier 2027')).toHaveAttribute('datetime', '2027-01-01');
  });
});

describe('contact', () => {
  it('shows call, WhatsApp and e-mail buttons from the shop info', async () => {
    renderAt('/contact');
    const call = await screen.findByRole('link', { name: 'Appeler' });
    expect(call).toHaveAttribute('href', 'tel:+212600000000');
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/212600000000');
    expect(screen.getByRole('link', { name: 'Envoyer un e-mail' })).toHaveAttribute('href', 'mailto:bonjour@flora.ma');
    expect(screen.getByText('Atelier Flora Maroc, Agdal, 10090 Rabat, Maroc')).toBeInTheDocument();
    expect(screen.getByText('Tous les jours, de 9 h à 20 h')).toBeInTheDocument();
  });

  it('shows field errors under the fields without sending', async () => {
    const fetchMock = mockFetch({ '/api/shop-info': SHOP });
    renderAt('/contact');
    await userEvent.type(await screen.findByLabelText('Adresse e-mail'), 'pas-un-email');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText('Adresse e-mail invalide.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom complet')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Votre message')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/custom-bouquet/contact'))).toBe(false);
  });

  async function fillAndSend() {
    await userEvent.type(await screen.findByLabelText('Nom complet'), 'Salma Bennani');
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'Salma@Example.ma');
    await userEvent.type(screen.getByLabelText(/Téléphone/), '+212 661 234 567');
    await userEvent.type(screen.getByLabelText('Votre message'), 'Un bouquet blanc pour samedi ?');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
  }

  it('sends the message and thanks the customer', async () => {
    let body: unknown;
    mockFetch({
      '/api/shop-info': SHOP,
      '/api/custom-bouquet/contact': (_url: URL, init?: RequestInit) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse({ message: 'ok' }, 201);
      },
    });
    renderAt('/contact');
    await fillAndSend();
    expect(await screen.findByText(/Merci Salma Bennani/)).toBeInTheDocument();
    expect(body).toEqual({
      full_name: 'Salma Bennani',
      email: 'Salma@Example.ma',
      phone: '+212 661 234 567',
      message: 'Un bouquet blanc pour samedi ?',
      kind: 'contact',
    });
  });

  it('offers the direct contacts when the form endpoint does not exist (404)', async () => {
    mockFetch({ '/api/shop-info': SHOP });
    renderAt('/contact');
    await fillAndSend();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Le formulaire de contact n'est pas encore disponible.");
    expect(within(alert).getByRole('link', { name: 'Appeler' })).toHaveAttribute('href', 'tel:+212600000000');
    expect(screen.getByLabelText('Nom complet')).toHaveValue('Salma Bennani');
  });

  it('shows the server field errors of a 422 under their fields', async () => {
    mockFetch({
      '/api/shop-info': SHOP,
      '/api/custom-bouquet/contact': () => jsonResponse({ message: 'Invalid', errors: { phone: ['Numéro de téléphone invalide.'] } }, 422),
    });
    renderAt('/contact');
    await fillAndSend();
    await waitFor(() => expect(screen.getByLabelText(/Téléphone/)).toHaveAccessibleDescription('Numéro de téléphone invalide.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
