/** How a staff order came in (phone, WhatsApp, the counter…), one tap each. */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { STAFF_ORDER_SOURCES } from '@shared/schemas/staff-orders';
import type { useShopForm } from '@web/lib/forms';
import type { NewOrderValues } from './new-order-form';

type Form = ReturnType<typeof useShopForm<z.ZodType<NewOrderValues, NewOrderValues>>>;

export function NewOrderSource({ form }: { form: Form }) {
  const { t } = useTranslation('admin-sales');
  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-ink">{t('newOrder.source')}</legend>
      <div className="flex flex-wrap gap-2">
        {STAFF_ORDER_SOURCES.map((s) => (
          <label
            key={s}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input type="radio" value={s} className="size-5 accent-primary" {...form.register('source')} />
            {t(`sources.${s}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
