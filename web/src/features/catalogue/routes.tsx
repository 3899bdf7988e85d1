import type { RouteObject } from 'react-router';
import { PAGE_SIZES } from '@shared/constants';
import { page } from '@web/lib/lazy-page';
import { prefetchLoader } from '@web/lib/route-data';
import {
  categorySubcategoriesQuery,
  colorsQuery,
  featuredQuery,
  occasionsQuery,
  productQuery,
  productsQuery,
  relatedQuery,
  testimonialsQuery,
} from './api';
import { hasActiveFilters, toId, readListingState, toProductFilters } from './listing-params';

/** Catalogue pages show their own texts and the cart's (add-to-cart, wishlist buttons). */
const TEXTS = ['catalogue', 'cart'];
const listing = page(() => import('./pages/ListingPage'), TEXTS);

/** What the home page shows first: featured products (page 1) and testimonials. */
const homeData = prefetchLoader((client) => [
  client.prefetchQuery(featuredQuery(1, PAGE_SIZES.featured)),
  client.prefetchQuery(testimonialsQuery(PAGE_SIZES.testimonialsShown)),
  client.prefetchQuery(occasionsQuery()),
]);

/** A listing: its products, colours, the category's subcategories and, on a plain first page, its best sellers. */
const listingData = prefetchLoader((client, { params, request }) => {
  const categoryId = toId(params.id);
  const subcategoryId = toId(params.subcategoryId);
  const occasion = params.slug;
  const state = readListingState(new URL(request.url).searchParams);
  const work = [
    client.prefetchQuery(productsQuery(toProductFilters(state, { categoryId, subcategoryId, occasion }, PAGE_SIZES.shop))),
    client.prefetchQuery(colorsQuery()),
  ];
  if (occasion !== undefined) work.push(client.prefetchQuery(occasionsQuery()));
  if (categoryId !== undefined) work.push(client.prefetchQuery(categorySubcategoriesQuery(categoryId)));
  if (state.page === 1 && !hasActiveFilters(state) && occasion === undefined) {
    work.push(
      client.prefetchQuery(productsQuery({ category_id: categoryId, subcategory_id: subcategoryId, sort: 'popular', per_page: 8 })),
    );
  }
  return work;
});

const productData = prefetchLoader((client, { params }) => {
  const id = toId(params.id);
  return id === undefined ? [] : [client.prefetchQuery(productQuery(id)), client.prefetchQuery(relatedQuery(id))];
});

/** Catalogue: home, shop listing, categories, subcategories, occasions, product pages. */
export const catalogueRoutes: RouteObject[] = [
  { index: true, loader: homeData, lazy: page(() => import('./pages/HomePage'), TEXTS) },
  { path: 'shop', loader: listingData, lazy: listing },
  { path: 'category/:id', loader: listingData, lazy: listing },
  { path: 'category/:id/subcategory/:subcategoryId', loader: listingData, lazy: listing },
  { path: 'occasion/:slug', loader: listingData, lazy: listing },
  { path: 'product/:id', loader: productData, lazy: page(() => import('./pages/ProductPage'), TEXTS) },
];
