/** The staff order's delivery zone, which is the delivery address's city (asked once). */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { useShopForm } from '@web/lib/forms';
import { SelectField } from '../components/SelectField';
import type { NewOrderValues } from './new-order-form';

type Form = ReturnType<typeof useShopForm<z.ZodType<NewOrderValues, NewOrderValues>>>;

export function StaffZoneSelect({ form, options }: { form: Form; options: { value: string; label: string }[] }) {
  const { t } = useTranslation('admin-sales');
  return (
    <SelectField
      label={t('newOrder.zone')}
      required
      value={form.watch('delivery_zone_id')}
      onChange={(value) => form.setValue('delivery_zone_id', value, { shouldValidate: form.formState.isSubmitted })}
      placeholder={t('newOrder.zoneChoose')}
      options={options}
      error={form.errorText('delivery_zone_id')}
    />
  );
}
