/**
 * The lines of an order on its edit screen, editable while the flowers have not left the shop: a
 * quantity stepper, the colour, remove, and add a product (in its first size when it has sizes, the
 * size chosen on the added line), with the new total as the lines change. A line already on the order
 * keeps its size: it sends none and the server keeps the line's.
 * The lines are the edit form's (`lines`, `onChange`): the order's one "Save Changes" sends them with
 * its fields, so a line change is never dropped by saving the rest.
 */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@shared/constants';
import type { AdminProductRow } from '@shared/schemas/catalogue-admin';
import type { AdminOrderDetail, AdminOrderEdit } from '@shared/schemas/orders-admin';
import { Button } from '@web/components/ui/Button';
import { Price } from '@web/components/ui/Price';
import { useAdminColors, useAdminProduct } from '../catalogue/api';
import { SelectField } from '../components/SelectField';
import { OrderItemsTable } from './OrderItemsTable';
import { ProductPicker } from './ProductPicker';
import { QuantityStepper } from './QuantityStepper';

/** Statuses whose lines may still change (the server says the same). */
export const ITEMS_EDITABLE: readonly OrderStatus[] = ['pending', 'not_confirmed', 'confirmed', 'processing'];

type Color = { id: number; name: string };
export type Line = {
  key: string;
  id?: number;
  product_id: number | null;
  name: string;
  color_id: number | null;
  quantity: number;
  unit_price: number;
  colors?: Color[];
  /** An added line's size and the product's sizes (lines already on the order keep theirs). */
  size_id?: number | null;
  sizes?: { id: number; name: string; final_price: number }[];
};

export const linesOf = (order: AdminOrderDetail): Line[] =>
  order.order_items.map((i) => ({
    key: `line-${i.id}`,
    id: i.id,
    product_id: i.product_id,
    name: i.product.name,
    color_id: i.color?.id ?? null,
    quantity: i.quantity,
    unit_price: i.unit_price,
  }));

const shape = (lines: Line[]) => JSON.stringify(lines.map((l) => [l.id, l.product_id, l.color_id, l.size_id ?? null, l.quantity]));

/** Whether the lines differ from the order's. */
export const linesChanged = (order: AdminOrderDetail, lines: Line[]) => shape(lines) !== shape(linesOf(order));

/** The lines as the edit's `items`. */
export const itemsOf = (lines: Line[]): NonNullable<AdminOrderEdit['items']> =>
  lines.map((l) => ({
    ...(l.id ? { id: l.id } : {}),
    product_id: l.product_id,
    color_id: l.color_id,
    ...(l.size_id !== undefined ? { size_id: l.size_id } : {}),
    quantity: l.quantity,
  }));

/**
 * The total the lines make, as the server will count it: a line already on the order keeps its price,
 * an added one takes today's; the delivery fee stays. A coupon's discount is the server's to work out
 * again (its rules), so with a coupon this is the total before it.
 */
export const linesTotal = (order: AdminOrderDetail, lines: Line[]) =>
  Math.round((lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0) + order.shipping_cost) * 100) / 100;

/** The colours a product offers today (read from the catalogue for a line already on the order). */
function LineColor({ line, onChange }: { line: Line; onChange: (colorId: number) => void }) {
  const { t } = useTranslation('admin-sales');
  const product = useAdminProduct(line.colors || line.product_id === null ? null : line.product_id);
  const all = useAdminColors();
  const colors: Color[] =
    line.colors ?? (product.data?.color_ids ?? []).map((id) => ({ id, name: all.data?.data.find((c) => c.id === id)?.name ?? `#${id}` }));
  if (colors.length === 0) return null;
  return (
    <div className="min-w-36 flex-1">
      <SelectField
        label={t('items.color')}
        value={String(line.color_id ?? '')}
        onChange={(v) => onChange(Number(v))}
        options={colors.map((c) => ({ value: String(c.id), label: c.name }))}
      />
    </div>
  );
}

export function OrderItemsEditor({
  order,
  lines,
  onChange,
}: {
  order: AdminOrderDetail;
  lines: Line[];
  onChange: (lines: Line[]) => void;
}) {
  const { t } = useTranslation(['admin-sales', 'admin-sizes']);
  const [adding, setAdding] = useState(false);
  if (!ITEMS_EDITABLE.includes(order.order_status)) {
    return (
      <>
        <OrderItemsTable items={order.order_items} compact />
        <p className="mt-2 text-sm text-muted">{t('lines.locked')}</p>
      </>
    );
  }

  const update = (key: string, patch: Partial<Line>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const changed = linesChanged(order, lines);

  function add(p: AdminProductRow) {
    const colorId = p.colors[0]?.id ?? null;
    const size = p.sizes[0] ?? null;
    const same = lines.find(
      (l) => l.id === undefined && l.product_id === p.id && l.color_id === colorId && (l.size_id ?? null) === (size?.id ?? null),
    );
    onChange(
      same
        ? lines.map((l) => (l === same ? { ...l, quantity: Math.min(50, l.quantity + 1) } : l))
        : [
            ...lines,
            {
              key: `new-${p.id}-${Date.now()}`,
              product_id: p.id,
              name: p.name,
              color_id: colorId,
              quantity: 1,
              unit_price: size?.final_price ?? p.final_price,
              colors: p.colors.map((c) => ({ id: c.id, name: c.name })),
              ...(size ? { size_id: size.id, sizes: p.sizes } : {}),
            },
          ],
    );
    setAdding(false);
  }

  return (
    <div className="space-y-3">
      <ul aria-label={t('items.caption')} className="space-y-2">
        {lines.map((line) => (
          <li key={line.key} className="rounded-xl border border-line p-3" data-testid="order-line">
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium text-ink">
                <bdi>{line.name}</bdi>
              </p>
              <button
                type="button"
                onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                disabled={lines.length === 1}
                aria-label={t('lines.remove', { item: line.name })}
                className="flex size-11 items-center justify-center rounded-lg text-danger hover:bg-danger-soft disabled:opacity-40"
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="mt-2 flex flex-wrap items-end gap-3">
              {line.product_id !== null && <LineColor line={line} onChange={(colorId) => update(line.key, { color_id: colorId })} />}
              {line.sizes && line.sizes.length > 0 && (
                <div className="min-w-36 flex-1">
                  <SelectField
                    label={t('admin-sizes:size')}
                    value={String(line.size_id ?? '')}
                    onChange={(v) => {
                      const size = line.sizes!.find((z) => z.id === Number(v));
                      if (size) update(line.key, { size_id: size.id, unit_price: size.final_price });
                    }}
                    options={line.sizes.map((z) => ({ value: String(z.id), label: z.name }))}
                  />
                </div>
              )}
              {line.product_id !== null ? (
                <QuantityStepper label={line.name} value={line.quantity} onChange={(n) => update(line.key, { quantity: n })} />
              ) : (
                <span className="text-sm tabular-nums">× {line.quantity}</span>
              )}
              <p className="ms-auto text-sm">
                <Price amount={Math.round(line.unit_price * line.quantity * 100) / 100} />
              </p>
            </div>
          </li>
        ))}
      </ul>
      {adding ? (
        <ProductPicker onPick={add} />
      ) : (
        <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
          {t('lines.addProduct')}
        </Button>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="space-y-1 text-sm" aria-live="polite">
          <p>
            {t('lines.currentTotal')} <Price amount={order.total_amount} />
          </p>
          {changed && (
            <p className="font-semibold text-ink" data-testid="new-total">
              {order.coupon_code ? t('lines.newTotalCoupon', { code: order.coupon_code }) : t('lines.newTotal')}{' '}
              <Price amount={linesTotal(order, lines)} />
            </p>
          )}
        </div>
        {changed && (
          <Button type="button" variant="ghost" onClick={() => onChange(linesOf(order))}>
            {t('lines.reset')}
          </Button>
        )}
      </div>
      {changed && <p className="text-sm text-muted">{t('edit.linesPending')}</p>}
    </div>
  );
}
