import type { Product } from '@shared/schemas/catalogue';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    name: 'Bouquet de roses rouges',
    description: 'Vingt-quatre roses rouges.',
    price: 450,
    discount: 0,
    final_price: 450,
    image_path: null,
    image_url: null,
    images: [],
    category: { id: 1, name: 'Bouquets' },
    category_id: 1,
    subcategory_id: 1,
    subcategory: { id: 1, name: 'Roses' },
    is_featured: 1,
    stock: 10,
    inStock: true,
    bestSeller: false,
    tags: ['roses'],
    colors: [],
    sizes: [],
    is_extra: false,
    sold_alone: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export const COLORS = [
  { id: 1, name: 'Rouge', hex_code: '#D32F2F' },
  { id: 2, name: 'Rose', hex_code: '#F48FB1' },
  { id: 3, name: 'Blanc', hex_code: '#FFFFFF' },
  { id: 4, name: 'Jaune', hex_code: '#FBC02D' },
  { id: 5, name: 'Orange', hex_code: '#FB8C00' },
  { id: 6, name: 'Violet', hex_code: '#8E24AA' },
];

export const page = (
  data: Product[],
  meta: Partial<{ page: number; per_page: number; total: number; last_page: number; total_capped: true }> = {},
) => ({
  data,
  meta: { page: 1, per_page: 20, total: data.length, last_page: 1, ...meta },
});
