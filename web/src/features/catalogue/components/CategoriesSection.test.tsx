import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, testQueryClient } from '@web/test/utils';
import { CategoriesSection } from './CategoriesSection';

function renderSection() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <CategoriesSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('home categories', () => {
  it('shows skeletons, then one card per category linking to it, with a fallback picture', async () => {
    mockFetch({
      '/api/categories': [
        { id: 1, name: 'Bouquets', description: 'Pour toutes les occasions', image_path: null },
        { id: 4, name: 'Plantes', description: 'Vertes', image_path: '/uploads/plantes-640.webp' },
      ],
    });
    const { container } = renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des catégories…');
    expect(await screen.findByRole('link', { name: /Bouquets/ })).toHaveAttribute('href', '/category/1');
    expect(screen.getByRole('link', { name: /Plantes/ })).toHaveAttribute('href', '/category/4');
    expect(screen.getAllByTestId('category-image-fallback')).toHaveLength(1);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/plantes-640.webp');
  });

  it('says so when there is no category', async () => {
    mockFetch({ '/api/categories': [] });
    renderSection();
    expect(await screen.findByText('Aucune catégorie disponible pour le moment.')).toBeInTheDocument();
  });

  it('shows the error with a Retry that loads again', async () => {
    let calls = 0;
    mockFetch({
      '/api/categories': () =>
        ++calls === 1
          ? jsonResponse({ message: 'down' }, 500)
          : jsonResponse([{ id: 2, name: "Fleurs à l'unité", description: '', image_path: null }]),
    });
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les catégories...');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: /Fleurs à l'unité/ })).toHaveAttribute('href', '/category/2');
    expect(calls).toBe(2);
  });
});
