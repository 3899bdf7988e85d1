/** The lines of an order: full in the detail panel, compact on the edit screen. */
import { useTranslation } from 'react-i18next';
import type { AdminOrderItem } from '@shared/schemas/orders-admin';
import { cn } from '@web/components/ui/cn';
import { Price } from '@web/components/ui/Price';
import { StockBadge } from '../components/StockBadge';

function ColorCell({ item }: { item: AdminOrderItem }) {
  if (!item.color) return <span className="text-muted">–</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="size-3.5 rounded-full border border-line"
        style={{ background: item.color.hex_code ?? 'transparent' }}
      />
      {item.color.name}
    </span>
  );
}

export function OrderItemsTable({ items, compact = false }: { items: AdminOrderItem[]; compact?: boolean }) {
  const { t } = useTranslation('admin-sales');
  if (items.length === 0) return <p className="py-4 text-sm text-muted">{t('items.empty')}</p>;
  const showColor = !compact || items.some((i) => i.color);
  const th = 'px-2 py-2 text-start text-xs font-semibold text-muted uppercase';
  return (
    // On a phone the lines scroll sideways inside their card: focusable, so a keyboard can scroll too.
    <div
      role="region"
      aria-label={t('items.caption')}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className="w-full min-w-[32rem] border-collapse text-sm">
        <caption className="sr-only">{t('items.caption')}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={th}>
              {t('items.product')}
            </th>
            {showColor && (
              <th scope="col" className={th}>
                {t('items.color')}
              </th>
            )}
            {!compact && (
              <th scope="col" className={th}>
                {t('items.description')}
              </th>
            )}
            <th scope="col" className={cn(th, 'text-end')}>
              {t('items.quantity')}
            </th>
            <th scope="col" className={cn(th, 'text-end')}>
              {compact ? t('items.price') : t('items.unitPrice')}
            </th>
            {!compact && (
              <th scope="col" className={cn(th, 'text-end')}>
                {t('items.lineTotal')}
              </th>
            )}
            {!compact && (
              <th scope="col" className={th}>
                {t('items.stock')}
              </th>
            )}
            {!compact && (
              <th scope="col" className={th}>
                {t('items.discount')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} className="border-b border-line/60 align-top last:border-b-0">
              <td className="px-2 py-2">
                <div className="flex items-center gap-2">
                  {!compact &&
                    (i.product.image_url ? (
                      <img src={i.product.image_url} alt="" className="size-10 rounded-lg object-cover" />
                    ) : (
                      <span aria-hidden="true" className="size-10 rounded-lg bg-sand" />
                    ))}
                  <div>
                    <p className="font-medium text-ink">{i.product.name}</p>
                    {!compact && i.product_id !== null && <p className="text-xs text-muted">#{i.product_id}</p>}
                  </div>
                </div>
              </td>
              {showColor && (
                <td className="px-2 py-2">
                  <ColorCell item={i} />
                </td>
              )}
              {!compact && (
                <td className="max-w-56 px-2 py-2">
                  <p className="line-clamp-2 text-muted">{i.description ?? t('items.noDescription')}</p>
                  {i.tags.length > 0 && (
                    <ul className="mt-1 flex flex-wrap gap-1">
                      {i.tags.map((tag) => (
                        <li key={tag} className="rounded-full bg-sand px-2 text-xs text-ink">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              )}
              <td className="px-2 py-2 text-end tabular-nums">{i.quantity}</td>
              <td className="px-2 py-2 text-end">
                <Price amount={i.unit_price} originalAmount={compact ? null : i.original_unit_price} />
              </td>
              {!compact && (
                <td className="px-2 py-2 text-end">
                  <Price amount={i.line_total} />
                </td>
              )}
              {!compact && (
                <td className="px-2 py-2">
                  <StockBadge stock={i.stock} />
                </td>
              )}
              {!compact && (
                <td className="px-2 py-2 whitespace-nowrap">
                  {i.discount > 0 ? `-${i.discount}%` : <span className="text-muted">{t('items.noDiscount')}</span>}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
