/**
 * What the customer typed is shown as isolated runs (`<bdi>`): a name or an address in one writing
 * direction cannot reorder what follows it on the line (a phone number, a city), on the tracking page
 * and the customer's order page alike.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { trackedOrderSchema } from '@shared/schemas/orders';
import { setLanguage } from '@web/lib/i18n';
import { OrderDetailView } from './OrderDetailView';

const address = {
  full_name: 'سارة العلوي',
  street: 'شارع الورود 5',
  city: 'الرباط',
  state: 'Rabat-Salé',
  postal_code: '10080',
  country: 'المغرب',
  phone: '0612345678',
};

const order = trackedOrderSchema.parse({
  id: 42,
  customer_email: 'sara@example.com',
  created_at: '2025-05-02T10:15:00.000Z',
  total_amount: 300,
  subtotal: 300,
  shipping_cost: 0,
  coupon_code: null,
  coupon_discount: 0,
  payment_method: 'cash_on_delivery',
  payment_status: 'pending',
  order_status: 'confirmed',
  is_customized: false,
  delivery_date: '2025-05-03',
  delivery_city: 'Rabat',
  gift_message: 'عيد ميلاد سعيد Amine',
  recipient: { name: 'Amine Benali', phone: '0611111111', anonymous: false },
  items_count: 2,
  address,
  billing_address: address,
  shipping_address: address,
  custom_instructions: null,
  order_notes: null,
  substitution: 'similar',
  order_items: [
    {
      id: 1,
      product_id: 5,
      product: { name: 'Bouquet Printemps', image_url: null },
      quantity: 2,
      unit_price: 150,
      original_unit_price: 150,
      discount: 0,
      line_total: 300,
      color: null,
      color_name: null,
    },
  ],
  status_history: [{ order_status: 'confirmed', payment_status: 'pending', note: null, created_at: '2025-05-02T11:00:00.000Z' }],
});

describe('OrderDetailView', () => {
  beforeEach(async () => {
    await setLanguage('ar');
  });

  it('shows each text the customer typed in its own <bdi>', () => {
    render(
      <MemoryRouter>
        <OrderDetailView order={order} locale="ar" level={2} />
      </MemoryRouter>,
    );
    const isolated = (text: string) => screen.getAllByText(text).every((el) => el.tagName === 'BDI' && el.textContent === text);
    for (const text of [
      address.full_name,
      address.street,
      address.state,
      address.country,
      address.phone,
      'Amine Benali',
      '0611111111',
      order.gift_message!,
    ]) {
      expect(isolated(text), text).toBe(true);
    }
  });

  it.each([
    ['fr', '«\u00a0', '\u00a0»', '3 mai 2025'],
    ['ar', '«', '»', '3 ماي 2025'],
  ] as const)(
    'in %s, quotes the card message and writes the delivery day with the language’s marks, never ISO',
    async (locale, open, close, day) => {
      await setLanguage(locale);
      const { container } = render(
        <MemoryRouter>
          <OrderDetailView order={order} locale={locale} level={2} />
        </MemoryRouter>,
      );
      expect(screen.getByText(order.gift_message!).parentElement!.textContent).toBe(`${open}${order.gift_message}${close}`);
      expect(container.textContent).toContain(day);
      expect(container.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    },
  );

  it('shows the slot the order kept and a pick-up, in the reader’s language', async () => {
    await setLanguage('fr');
    const pickup = { ...order, delivery_method: 'pickup' as const, delivery_slot: { key: '0900-1200', label: '9h – 12h' } };
    render(
      <MemoryRouter>
        <OrderDetailView order={pickup} locale="fr" level={2} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Créneau horaire')).toBeInTheDocument();
    expect(screen.getByTestId('order-slot')).toHaveTextContent('Retrait en boutique9h – 12h');
  });

  it('shows no slot row for a delivery without a slot', async () => {
    await setLanguage('fr');
    render(
      <MemoryRouter>
        <OrderDetailView order={order} locale="fr" level={2} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('order-slot')).not.toBeInTheDocument();
  });

  it('shows a payment received in the order’s history as the customer’s words, not the staff code', async () => {
    await setLanguage('fr');
    const paid = trackedOrderSchema.parse({
      ...order,
      status_history: [
        ...order.status_history,
        { order_status: 'confirmed', payment_status: 'failed', note: 'card: declined', created_at: '2025-05-02T11:30:00.000Z' },
        { order_status: 'confirmed', payment_status: 'paid', note: 'payment:card_online', created_at: '2025-05-02T12:00:00.000Z' },
      ],
    });
    const { container } = render(
      <MemoryRouter>
        <OrderDetailView order={paid} locale="fr" level={2} />
      </MemoryRouter>,
    );
    expect(container.textContent).not.toMatch(/payment:|card:/);
    expect(screen.getAllByText('Payée').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Paiement échoué').length).toBeGreaterThan(0);
  });
});
