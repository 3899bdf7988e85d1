/**
 * The lines of an order on its edit screen, editable while the flowers have not left the shop: a
 * quantity stepper, the colour, remove, and add a product. Save sends every line as it should be with
 * the order's version; the answer is the order as the server left it (stock moved, new total), or a
 * 409 (stock short, or a colleague's save in between: the fresh order is shown).
 */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@shared/constants';
import type { AdminProductRow } from '@shared/schemas/catalogue-admin';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import { Button } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { Price } from '@web/components/ui/Price';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useAdminColors, useAdminProduct } from '../catalogue/api';
import { SelectField } from '../components/SelectField';
import { useSaveOrderItems } from './api';
import { OrderItemsTable } from './OrderItemsTable';
import { ProductPicker } from './ProductPicker';
import { QuantityStepper } from './QuantityStepper';

/** Statuses whose lines may still change (the server says the same). */
export const ITEMS_EDITABLE: readonly OrderStatus[] = ['pending', 'not_confirmed', 'confirmed', 'processing'];

type Color = { id: number; name: string };
type Line = { key: string; id?: number; product_id: number | null; name: string; color_id: number | null; quantity: number; unit_price: number | null; colors?: Color[] };

const linesOf = (order: AdminOrderDetail): Line[] =>
  order.order_items.map((i) => ({
    key: `line-${i.id}`,
    id: i.id,
    product_id: i.product_id,
    name: i.product.name,
    color_id: i.color?.id ?? null,
    quantity: i.quantity,
    unit_price: i.unit_price,
  }));

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
      <SelectField label={t('items.color')} value={String(line.color_id ?? '')} onChange={(v) => onChange(Number(v))} options={colors.map((c) => ({ value: String(c.id), label: c.name }))} />
    </div>
  );
}

export function OrderItemsEditor({ order, onSaved }: { order: AdminOrderDetail; onSaved: (order: AdminOrderDetail) => void }) {
  const { t } = useTranslation('admin-sales');
  const save = useSaveOrderItems(order.id);
  const [lines, setLines] = useState<Line[]>(() => linesOf(order));
  const [basis, setBasis] = useState(order);
  const [message, setMessage] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // The order changed under the editor (its own save, the status form, a colleague): start again from it.
  if (basis.version !== order.version) {
    setBasis(order);
    setLines(linesOf(order));
  }
  if (!ITEMS_EDITABLE.includes(order.order_status)) {
    return (
      <>
        <OrderItemsTable items={order.order_items} compact />
        <p className="mt-2 text-sm text-muted">{t('lines.locked')}</p>
      </>
    );
  }

  const update = (key: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const changed = JSON.stringify(lines.map((l) => [l.id, l.product_id, l.color_id, l.quantity])) !== JSON.stringify(linesOf(order).map((l) => [l.id, l.product_id, l.color_id, l.quantity]));

  function add(p: AdminProductRow) {
    const colorId = p.colors[0]?.id ?? null;
    setLines((ls) => {
      const same = ls.find((l) => l.product_id === p.id && l.color_id === colorId);
      if (same) return ls.map((l) => (l === same ? { ...l, quantity: Math.min(50, l.quantity + 1) } : l));
      return [...ls, { key: `new-${p.id}-${Date.now()}`, product_id: p.id, name: p.name, color_id: colorId, quantity: 1, unit_price: p.final_price, colors: p.colors.map((c) => ({ id: c.id, name: c.name })) }];
    });
    setAdding(false);
  }

  async function submit() {
    setMessage(null);
    try {
      const answer = await save.mutateAsync({
        version: order.version,
        items: lines.map((l) => ({ ...(l.id ? { id: l.id } : {}), product_id: l.product_id, color_id: l.color_id, quantity: l.quantity })),
      });
      toast.success(answer.message);
      onSaved(answer.data);
    } catch (error) {
      const fresh = isApiError(error) && error.status === 409 ? (error.body as { order?: AdminOrderDetail } | undefined)?.order : undefined;
      if (fresh) onSaved(fresh);
      setMessage(isApiError(error) && error.message ? error.message : t('lines.saveFailed'));
    }
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
                onClick={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}
                disabled={lines.length === 1}
                aria-label={t('lines.remove', { item: line.name })}
                className="flex size-11 items-center justify-center rounded-lg text-danger hover:bg-danger-soft disabled:opacity-40"
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="mt-2 flex flex-wrap items-end gap-3">
              {line.product_id !== null && <LineColor line={line} onChange={(colorId) => update(line.key, { color_id: colorId })} />}
              {line.product_id !== null ? (
                <QuantityStepper label={line.name} value={line.quantity} onChange={(n) => update(line.key, { quantity: n })} />
              ) : (
                <span className="text-sm tabular-nums">× {line.quantity}</span>
              )}
              {line.unit_price !== null && (
                <p className="ms-auto text-sm">
                  <Price amount={Math.round(line.unit_price * line.quantity * 100) / 100} />
                </p>
              )}
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
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          {t('lines.currentTotal')} <Price amount={order.total_amount} />
        </p>
        <div className="flex gap-2">
          {changed && (
            <Button type="button" variant="ghost" onClick={() => setLines(linesOf(order))}>
              {t('lines.reset')}
            </Button>
          )}
          <Button type="button" onClick={() => void submit()} disabled={!changed || save.isPending}>
            {save.isPending ? t('edit.saving') : t('lines.save')}
          </Button>
        </div>
      </div>
    </div>
  );
}
