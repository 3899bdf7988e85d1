/**
 * The lines of a new phone order: each product with its colour, its size (a product with sizes is
 * added in its first one), quantity and the server's price; the picker adds more.
 */
import { Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminProductRow } from '@shared/schemas/catalogue-admin';
import { Price } from '@web/components/ui/Price';
import { FormSection } from '@web/lib/order-form/FormSection';
import type { useShopForm } from '@web/lib/forms';
import { SelectField } from '../components/SelectField';
import type { useStaffOrderQuote } from './api';
import type { NewOrderValues } from './new-order-form';
import { ProductPicker } from './ProductPicker';
import { QuantityStepper } from './QuantityStepper';

type Form = ReturnType<typeof useShopForm<import('zod').ZodType<NewOrderValues, NewOrderValues>>>;

export function NewOrderLines({ form, quote }: { form: Form; quote: ReturnType<typeof useStaffOrderQuote> }) {
  const { t } = useTranslation(['admin-sales', 'admin', 'orders', 'admin-sizes']);
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const items = form.watch('items');
  const linesError = form.errorText('items');
  const setItem = (i: number, patch: Partial<NewOrderValues['items'][number]>) => lines.update(i, { ...items[i]!, ...patch });

  function addProduct(p: AdminProductRow) {
    const colorId = p.colors[0]?.id ?? null;
    const sizeId = p.sizes[0]?.id ?? null;
    const at = items.findIndex((i) => i.product_id === p.id && i.color_id === colorId && i.size_id === sizeId);
    if (at >= 0) form.setValue(`items.${at}.quantity`, Math.min(50, items[at]!.quantity + 1));
    else
      lines.append({
        product_id: p.id,
        color_id: colorId,
        size_id: sizeId,
        quantity: 1,
        name: p.name,
        colors: p.colors.map((c) => ({ id: c.id, name: c.name, hex_code: c.hex_code })),
        sizes: p.sizes.map((z) => ({ id: z.id, name: z.name })),
      });
  }

  return (
    <FormSection title={t('newOrder.linesTitle')}>
      <div className="space-y-3 sm:col-span-2">
        {lines.fields.length > 0 && (
          <ul aria-label={t('newOrder.linesTitle')} className="space-y-2">
            {lines.fields.map((field, i) => {
              const item = items[i]!;
              const priced = quote.data?.lines.find(
                (l) => l.product_id === item.product_id && l.color_id === item.color_id && l.size_id === (item.size_id ?? null),
              );
              return (
                <li key={field.id} className="rounded-xl border border-line p-3">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-medium text-ink">
                      <bdi>{item.name}</bdi>
                    </p>
                    <button
                      type="button"
                      onClick={() => lines.remove(i)}
                      aria-label={t('lines.remove', { item: item.name })}
                      className="flex size-11 items-center justify-center rounded-lg text-danger hover:bg-danger-soft"
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </button>
                  </div>
                  <div className="mt-2 flex flex-wrap items-end gap-3">
                    {item.colors.length > 0 && (
                      <div className="min-w-36 flex-1">
                        <SelectField
                          label={t('items.color')}
                          value={String(item.color_id ?? '')}
                          onChange={(value) => setItem(i, { color_id: Number(value) })}
                          options={item.colors.map((c) => ({ value: String(c.id), label: c.name }))}
                          error={form.errorText(`items.${i}.color_id`)}
                        />
                      </div>
                    )}
                    {item.sizes.length > 0 && (
                      <div className="min-w-36 flex-1">
                        <SelectField
                          label={t('admin-sizes:size')}
                          value={String(item.size_id ?? '')}
                          onChange={(value) => setItem(i, { size_id: Number(value) })}
                          options={item.sizes.map((z) => ({ value: String(z.id), label: z.name }))}
                          error={form.errorText(`items.${i}.size_id`)}
                        />
                      </div>
                    )}
                    <QuantityStepper label={item.name} value={item.quantity} onChange={(n) => setItem(i, { quantity: n })} />
                    {priced && (
                      <p className="ms-auto text-end text-sm">
                        <Price amount={priced.line_total} />
                        <span className="block text-xs text-muted">{t('items.inStock', { count: priced.stock })}</span>
                      </p>
                    )}
                  </div>
                  {form.errorText(`items.${i}.quantity`) && (
                    <p className="mt-1 text-sm text-danger">{form.errorText(`items.${i}.quantity`)}</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {linesError && (
          <p role="alert" className="text-sm text-danger">
            {linesError}
          </p>
        )}
        <ProductPicker onPick={addProduct} />
      </div>
    </FormSection>
  );
}
