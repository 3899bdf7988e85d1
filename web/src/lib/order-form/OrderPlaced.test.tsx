import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { OrderPlaced, placedProps } from './OrderPlaced';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

/** The confirmation on the storefront of a language (the router's basename is the language's prefix). */
function renderPlaced(element: React.ReactElement, basename = '/') {
  const router = createMemoryRouter(
    [
      { path: '/checkout', element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [`${basename === '/' ? '' : basename}/checkout`], basename },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('OrderPlaced', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('links a guest to the signed tracking link of the answer, in the page’s language', async () => {
    await setLanguage('ar');
    const user = userEvent.setup();
    renderPlaced(<OrderPlaced id={12} signedIn={false} trackingUrl="/ar/orders/track/12?token=mj3k.abc_DEF-1" />, '/ar');
    const link = screen.getByRole('link', { name: 'تتبّع طلبي' });
    expect(link).toHaveAttribute('href', '/ar/orders/track/12?token=mj3k.abc_DEF-1');
    expect(screen.queryByText('رابط تتبّع طلبك موجود في رسالة التأكيد.')).not.toBeInTheDocument();
    await user.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/orders/track/12?token=mj3k.abc_DEF-1');
  });

  it('keeps the page’s language when the link was made in another', async () => {
    await setLanguage('fr');
    renderPlaced(<OrderPlaced id={12} signedIn={false} trackingUrl="/en/orders/track/12?token=mj3k.abc" />);
    expect(screen.getByRole('link', { name: 'Suivre ma commande' })).toHaveAttribute('href', '/orders/track/12?token=mj3k.abc');
  });

  it('sends a customer to "My orders", and a guest without a link to the mail', () => {
    const { unmount } = render(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <OrderPlaced id={7} signedIn trackingUrl={undefined} /> }])} />,
    );
    expect(screen.getByRole('link', { name: 'Track my order' })).toHaveAttribute('href', '/profile/orders');
    unmount();
    renderPlaced(<OrderPlaced id={7} signedIn={false} />);
    expect(screen.queryByRole('link', { name: 'Track my order' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-tracking')).toHaveTextContent('The link to track your order is in the confirmation e-mail.');
  });
});

describe('OrderPlaced with a slot', () => {
  it('shows the slot the order kept and a pick-up, in the page’s language', async () => {
    await setLanguage('ar');
    render(
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '/',
            element: (
              <OrderPlaced
                {...placedProps({
                  order: { id: 9, delivery_method: 'pickup', delivery_slot: { key: '0900-1200', label: '9:00 – 12:00' } },
                })}
                signedIn
              />
            ),
          },
        ])}
      />,
    );
    expect(screen.getByTestId('order-slot')).toHaveTextContent('الاستلام من المتجرالفترة: 9:00 – 12:00');
  });
});

describe('OrderPlaced with its lines', () => {
  it('lists the lines of the answer: the bouquet in its size, the extras as lines of their own', async () => {
    await setLanguage('en');
    const props = placedProps({
      message: 'Thank you',
      order: {
        id: 5,
        order_items: [
          { name: 'Bouquet Aurore — Prestige', quantity: 1, color: { id: 1, name: 'Red', hex_code: '#c00' } },
          { name: 'Vase', quantity: 1, color: null },
          { name: 'Chocolates', quantity: 2, color: null },
        ],
      },
    });
    renderPlaced(<OrderPlaced {...props} signedIn />);
    const lines = screen.getByRole('list', { name: 'Your order' }).querySelectorAll('li');
    expect([...lines].map((li) => li.textContent)).toEqual(['1 ×Bouquet Aurore — Prestige · Red', '1 ×Vase', '2 ×Chocolates']);
  });
});
