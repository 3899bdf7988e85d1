/**
 * The delivery date's hint names the closed days and the expected day as dates of the language, never
 * as ISO dates: in Arabic each date is its own isolated run, so right-to-left layout cannot scramble a
 * list of them.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@web/lib/i18n';
import { mockFetch, testQueryClient } from '@web/test/utils';
import { DeliveryDateField } from './DeliveryFields';

function Form({ children }: { children: ReactNode }) {
  const form = useForm({ defaultValues: { delivery_date: '' } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('fr');
});

describe('the delivery date hint', () => {
  it.each([
    ['fr', 'Jours sans livraison\u00a0: 1 jan. 2027, 2 jan. 2027 et 11 jan. 2027', 'livraison prévue le jeudi 31 décembre 2026'],
    ['ar', 'لا توصيل في: \u20681 يناير 2027\u2069 و\u20682 يناير 2027\u2069 و\u206811 يناير 2027\u2069', 'الخميس، 31 دجنبر 2026'],
  ] as const)('in %s writes the closed days and the expected day as the language writes dates', async (lang, closed, expected) => {
    await setLanguage(lang);
    mockFetch({
      '/api/delivery/closed-dates': {
        dates: ['2027-01-01', '2027-01-02', '2027-01-11'],
        today: '2026-12-31',
        earliest: '2027-01-03',
        latest: '2027-03-31',
        expected_without_date: '2026-12-31',
      },
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Form>
          <DeliveryDateField />
        </Form>
      </QueryClientProvider>,
    );
    const hint = await screen.findByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').includes('2027'));
    expect(hint.textContent).toContain(closed);
    expect(hint.textContent).toContain(expected);
    expect(hint.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
