/** Dates as the shop shows them: the shared formatter (shared/dates.ts), the hour added by `withTime`. */
import type { Locale } from '@shared/constants';
import { formatShopDate as format } from '@shared/dates';

export { dateInText, formatShopDates } from '@shared/dates';

/** A calendar date (YYYY-MM-DD) or an instant (ISO), in the shop's time zone; `withTime` adds the hour. */
export const formatShopDate = (locale: Locale, iso: string, withTime = false): string =>
  format(locale, iso, withTime ? 'dateTime' : 'date');
