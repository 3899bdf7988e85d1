/** Dates as the shop shows them: in its own time zone (Africa/Casablanca), Latin digits in Arabic too. */
import { SHOP_TIME_ZONE, type Locale } from '@shared/constants';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD) or an instant (ISO), in the shop's time zone; `withTime` adds the hour. */
export function formatShopDate(locale: Locale, iso: string, withTime = false): string {
  const tag = locale === 'ar' ? 'ar-MA-u-nu-latn' : `${locale}-MA`;
  const key = `${tag}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE } : { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });
    formatters.set(key, f);
  }
  // A bare date is noon UTC, which is the same calendar day in Casablanca.
  return f.format(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso));
}
