import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { setDescription, useDocumentTitle, useHeadAddress } from './head';

/** The head the server wrote for the first page (server/site/page-html.ts). */
const SERVER_HEAD = `
  <link rel="canonical" href="http://localhost:3000/ar/product/1">
  <link rel="alternate" hreflang="fr" href="http://localhost:3000/product/1">
  <link rel="alternate" hreflang="en" href="http://localhost:3000/en/product/1">
  <link rel="alternate" hreflang="ar" href="http://localhost:3000/ar/product/1">
  <link rel="alternate" hreflang="x-default" href="http://localhost:3000/product/1">
  <meta property="og:url" content="http://localhost:3000/ar/product/1">
  <meta property="og:title" content="باقة ورد">
  <meta name="twitter:title" content="باقة ورد">
  <meta property="og:description" content="first">`;

function Page({ title }: { title: string }) {
  useHeadAddress();
  useDocumentTitle(title);
  return null;
}

const href = (selector: string) => document.head.querySelector(selector)?.getAttribute('href');
const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('the page head after an in-app navigation', () => {
  beforeEach(async () => {
    document.head.innerHTML = SERVER_HEAD;
    await i18n.changeLanguage('ar');
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('fr');
  });

  it('moves canonical, hreflang and og:url to the new page, and the Open Graph title with the title', async () => {
    const router = createMemoryRouter(
      [
        { path: '/product/1', element: <Page title="باقة ورد" /> },
        { path: '/shop', element: <Page title="المتجر" /> },
      ],
      { initialEntries: ['/product/1'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/shop'));
    const origin = window.location.origin;
    expect(href('link[rel="canonical"]')).toBe(`${origin}/ar/shop`);
    expect(href('link[hreflang="fr"]')).toBe(`${origin}/shop`);
    expect(href('link[hreflang="en"]')).toBe(`${origin}/en/shop`);
    expect(href('link[hreflang="x-default"]')).toBe(`${origin}/shop`);
    expect(content('meta[property="og:url"]')).toBe(`${origin}/ar/shop`);
    expect(document.title.startsWith('المتجر · ')).toBe(true);
    expect(content('meta[property="og:title"]')).toBe(document.title);
    expect(content('meta[name="twitter:title"]')).toBe(document.title);
  });

  it('sets the description and its Open Graph twin, trimmed to 160 characters', () => {
    setDescription(`  Des roses   ${'x'.repeat(300)}`);
    expect(content('meta[name="description"]')).toHaveLength(160);
    expect(content('meta[property="og:description"]')).toBe(content('meta[name="description"]'));
  });
});
