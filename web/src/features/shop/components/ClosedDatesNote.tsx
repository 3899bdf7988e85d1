/** The next days the shop does not deliver (holidays), from `GET /api/delivery/closed-dates`. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { formatShopDate } from '@shared/dates';
import { closedDatesQuery } from '../api';

const SHOWN = 5;

export function ClosedDatesNote() {
  const { t, i18n } = useTranslation('shop');
  const { data } = useQuery(closedDatesQuery());
  // Nothing to add when there is no closed day ahead, or when the list cannot be loaded:
  // the date picker at checkout refuses closed days anyway.
  const dates = data?.dates.slice(0, SHOWN) ?? [];
  if (dates.length === 0) return null;
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className="rounded-card bg-blush px-5 py-4">
      <p className="font-semibold text-ink">{t('delivery.when.closedTitle')}</p>
      <ul className="mt-2 list-disc space-y-1 ps-6 text-sm">
        {dates.map((date) => (
          <li key={date}>
            <time dateTime={date}>{formatShopDate(locale, date, 'day')}</time>
          </li>
        ))}
      </ul>
    </div>
  );
}
