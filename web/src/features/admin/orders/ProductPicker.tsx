/** Finds a product by name and adds it (with its first colour and size, priced at that size) to the lines being edited. */
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProductRow } from '@shared/schemas/catalogue-admin';
import { Price } from '@web/components/ui/Price';
import { Field } from '@web/components/ui/form-fields';
import { useAdminProducts } from '../catalogue/api';

export function ProductPicker({ onPick }: { onPick: (product: AdminProductRow) => void }) {
  const { t } = useTranslation('admin-sales');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const products = useAdminProducts({ search, per_page: 6 });
  const rows = products.data?.data ?? [];
  return (
    <div className="space-y-2">
      <Field
        label={t('lines.find')}
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('lines.findPlaceholder')}
      />
      <ul aria-label={t('lines.results')} className="divide-y divide-line rounded-xl border border-line">
        {rows.length === 0 && !products.isPending && <li className="p-3 text-sm text-muted">{t('lines.noProduct')}</li>}
        {rows.map((p) => (
          <li key={p.id} className="flex items-center gap-3 p-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink">
                <bdi>{p.name}</bdi>
              </p>
              <p className="text-xs text-muted">
                <Price amount={p.sizes[0]?.final_price ?? p.final_price} /> · {t('items.inStock', { count: p.stock })}
              </p>
            </div>
            <button
              type="button"
              onClick={() => onPick(p)}
              disabled={p.stock <= 0}
              aria-label={t('lines.addNamed', { item: p.name })}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg bg-primary px-3 text-sm font-medium text-white disabled:opacity-40"
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('lines.add')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
