/**
 * The rates of approximate prices abroad (MAD for one euro, one dollar), with the day they were set:
 * the storefront shows catalogue prices converted at them, marked approximate, beside the dirham price.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatShopDate } from '@shared/dates';
import { toLocale } from '@shared/constants';
import type { CurrencyRates } from '@shared/currency';
import { currencyRatesFormSchema } from '@shared/schemas/shop';
import { Field } from '@web/components/ui/form-fields';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { useCurrencyRates, useSaveCurrencyRates } from './api';

/** Typed with a comma or a point; the server's schema checks the numbers. */
const number = z.string().transform((s) => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.'))));
const valuesSchema = z.object({ EUR: number, USD: number }).pipe(currencyRatesFormSchema);
type Values = z.input<typeof valuesSchema>;
const valuesOf = (r: CurrencyRates): Values => ({ EUR: r.EUR ? String(r.EUR) : '', USD: r.USD ? String(r.USD) : '' });

function RatesForm({ saved }: { saved: CurrencyRates }) {
  const { t, i18n } = useTranslation(['admin-currency', 'admin']);
  const save = useSaveCurrencyRates();
  const confirmation = useRef<string | null>(null);
  const form = useShopForm(valuesSchema, {
    defaultValues: valuesOf(saved),
    save: async (body) => {
      confirmation.current = (await save.mutateAsync(body)).message;
    },
    saved: () => confirmation.current,
    failed: t('failed'),
  });
  const { field, reset } = form;
  useEffect(() => reset(valuesOf(saved)), [saved, reset]);
  const locale = toLocale(i18n.resolvedLanguage);
  return (
    <ShopForm form={form} className="mt-6 space-y-4">
      <fieldset className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-2 sm:p-6">
        <legend className="px-1 font-display text-lg text-ink">{t('title')}</legend>
        <p className="text-sm text-muted sm:col-span-2">{t('description')}</p>
        <Field label={t('eur')} inputMode="decimal" dir="ltr" required {...field('EUR')} />
        <Field label={t('usd')} inputMode="decimal" dir="ltr" required {...field('USD')} />
        <p className="text-sm text-muted sm:col-span-2" data-testid="rates-set-at">
          {saved.set_at ? t('setAt', { date: formatShopDate(locale, saved.set_at, 'dateTime') }) : t('never')}
        </p>
      </fieldset>
      <div className="flex justify-end">
        <SubmitButton form={form} busyLabel={t('admin:actions.saving')}>
          {t('save')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

export function CurrencyRatesSection() {
  const query = useCurrencyRates();
  return query.data ? <RatesForm saved={query.data} /> : null;
}
