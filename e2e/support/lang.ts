import type { Page } from '@playwright/test';

/** Opens the shop in `language` (stored before the first page runs; a later switch in the page wins). */
export async function useLanguage(page: Page, language: 'fr' | 'en' | 'ar') {
  await page.addInitScript((lang) => {
    if (!sessionStorage.getItem('lang-set')) {
      localStorage.setItem('language', lang);
      sessionStorage.setItem('lang-set', '1');
    }
  }, language);
}
