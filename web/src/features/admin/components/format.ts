/** Small formatting helpers of the sales screens. */
import { useTranslation } from 'react-i18next';
import { toLocale, type Locale } from '@shared/constants';
import { formatShopDate } from '@shared/dates';
import { moneyInText } from '@shared/money';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Prices of the back office, isolated in Arabic so that one alone and one in a sentence read alike. */
export function useMoney(): (amount: number) => string {
  const locale = useLocale();
  return (amount) => moneyInText(amount, locale);
}

/** "Mar 2026" for a YYYY-MM month, in the admin's language (Latin digits in Arabic too). */
export function monthLabel(locale: Locale, month: string): string {
  const tag = locale === 'ar' ? 'ar-MA-u-nu-latn' : `${locale}-MA`;
  return new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/**
 * The label of one bucket of the revenue chart, read from the bucket itself: an hour (HH:00) stays
 * as it is, a day (YYYY-MM-DD) shows as "7 déc." (never the ISO "12-07"), a month (YYYY-MM) as "Mar 2026". The screen keeps the
 * previous period's figures on screen while the next one loads, so the label must follow the data,
 * never the period just asked for (a day formatted as a month is an invalid date and broke the page).
 */
export function revenueBucketLabel(locale: Locale, bucket: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bucket)) return formatShopDate(locale, bucket, 'dayMonth');
  if (/^\d{4}-\d{2}$/.test(bucket)) return monthLabel(locale, bucket);
  return bucket;
}

/** Month-over-month change: (last - previous) / previous * 100; 100 when previous is 0 and last above 0, else 0; needs 2 months. */
export function monthOverMonth(series: { count: number }[]): number | null {
  if (series.length < 2) return null;
  const last = series[series.length - 1]!.count;
  const previous = series[series.length - 2]!.count;
  if (previous === 0) return last > 0 ? 100 : 0;
  return Math.round(((last - previous) / previous) * 1000) / 10;
}
