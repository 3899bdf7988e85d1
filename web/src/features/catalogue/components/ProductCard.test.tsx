import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, testQueryClient } from '@web/test/utils';
import { COLORS, makeProduct } from '../test/fixtures';
import { ProductCard } from './ProductCard';
import { ProductGrid } from './ProductGrid';

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('product card', () => {
  it('shows at most four colour dots, then "+n"', () => {
    mockFetch({});
    wrap(<ProductCard product={makeProduct({ colors: COLORS })} />);
    const dots = screen.getByTestId('color-dots');
    expect(dots.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(screen.getByText('Couleurs : Rouge, Rose, Blanc, Jaune, Orange, Violet')).toHaveClass('sr-only');
  });

  it('shows no "+n" with four colours or fewer', () => {
    mockFetch({});
    wrap(<ProductCard product={makeProduct({ colors: COLORS.slice(0, 4) })} />);
    expect(screen.getByTestId('color-dots').querySelectorAll('li')).toHaveLength(4);
    expect(screen.queryByText(/^\+\d/)).toBeNull();
  });

  it('shows the discounted price, the old one struck through, and the badges', () => {
    mockFetch({});
    const { container } = wrap(
      <ProductCard product={makeProduct({ discount: 10, final_price: 405, bestSeller: true, inStock: false, stock: 0 })} />,
    );
    expect(container.querySelector('s')).toHaveTextContent('450,00');
    expect(screen.getByText('-10 %')).toBeInTheDocument();
    expect(screen.getByText('Meilleure vente')).toBeInTheDocument();
    expect(screen.getByText('Épuisé')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bouquet de roses rouges' })).toHaveAttribute('href', '/product/7');
  });

  it('opens the quick view as a modal dialog; Escape closes it and focus returns', async () => {
    mockFetch({});
    wrap(<ProductGrid products={[makeProduct({ colors: COLORS.slice(0, 2) })]} />);
    const trigger = screen.getByRole('button', { name: 'Aperçu rapide\u00a0: Bouquet de roses rouges' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Bouquet de roses rouges' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: "Fermer l'aperçu" })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: /Voir la fiche complète/ })).toHaveAttribute('href', '/product/7');
    // Tab from the last element wraps to the first (focus stays in the dialog).
    const focusables = dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
    focusables[focusables.length - 1].focus();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});
