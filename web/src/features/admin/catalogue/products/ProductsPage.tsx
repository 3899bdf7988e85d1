/**
 * /admin/products: the product table (picture, name, category, price, stock, featured, discount,
 * up to 3 colour swatches then +N), newest first and 20 a page unless chosen otherwise (the shop's
 * order; 50 or 100), filtered and paged on the server with the filters in the URL,
 * Edit and Delete (with a confirmation) on each row. A product deleted while in orders is archived:
 * the "archived" state lists those, each with Restore (with a confirmation).
 */
import { ArchiveRestore, ArrowUpDown, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PAGE_SIZES, PRICE_BANDS } from '@shared/constants';
import type { AdminProductRow } from '@shared/schemas/catalogue-admin';
import { Button, ButtonLink } from '@web/components/ui/Button';
import { Price } from '@web/components/ui/Price';
import { RowActions } from '../RowActions';
import { DataTable, type Column } from '../../components/DataTable';
import { ListFooter } from '../../components/ListFooter';
import { FilterSelect, ListToolbar, SearchInput } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { StockBadge } from '../../components/StockBadge';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { usePageHref, useListParams } from '../../components/use-list-params';
import { useAdminProducts, useCategoryOptions, useDeleteProduct, useRestoreProduct } from '../api';
import { ColorSwatches } from '../ColorSwatches';

// The last created first by default: a product just added is on the first page, where the florist looks.
const PER_PAGE = PAGE_SIZES.admin.products;
const DEFAULTS = { page: 1, per_page: PER_PAGE, sort: '', search: '', category_id: '', price: '', stock: '', status: '' };

export default function ProductsPage() {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const [params, setParams] = useListParams(DEFAULTS);
  const pageHref = usePageHref();
  const products = useAdminProducts(params);
  const categories = useCategoryOptions();
  const archivedView = params.status === 'archived';
  // A save on the form page comes back here with its message.
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const remove = useDeleteProduct();
  const restore = useRestoreProduct();
  const del = useConfirmDelete<AdminProductRow>({
    action: async (p) => setNotice((await remove.mutateAsync(p.id)).message),
    message: (p) => t('products.confirmDelete', { name: p.name }),
  });
  const restoreAsked = useConfirmDelete<AdminProductRow>({
    action: async (p) => setNotice((await restore.mutateAsync(p.id)).message),
    message: (p) => t('products.confirmRestore', { name: p.name }),
    confirmLabel: t('products.restore'),
    busyLabel: ta('actions.saving'),
    tone: 'primary',
  });

  const columns: Column<AdminProductRow>[] = [
    {
      key: 'picture',
      header: t('products.picture'),
      srOnlyHeader: true,
      className: 'w-16',
      cell: (p) =>
        p.image_path ? (
          <img src={p.image_path} alt="" width={48} height={48} className="size-12 max-w-none rounded-lg object-cover" loading="lazy" />
        ) : (
          <span className="block size-12 shrink-0 rounded-lg bg-sand" />
        ),
    },
    {
      key: 'name',
      header: t('products.name'),
      cell: (p) => (
        <span className="font-medium text-ink">
          {p.name}
          {p.archived && (
            <span className="ms-2 rounded-full bg-sand px-2 py-0.5 text-xs font-normal text-muted">{t('products.archivedBadge')}</span>
          )}
        </span>
      ),
    },
    {
      key: 'category',
      header: t('products.category'),
      priority: 2,
      cell: (p) => (p.subcategory ? `${p.category.name} / ${p.subcategory.name}` : p.category.name),
    },
    { key: 'price', header: t('products.price'), align: 'end', cell: (p) => <Price amount={p.final_price} originalAmount={p.price} /> },
    { key: 'stock', header: t('products.stock'), align: 'center', cell: (p) => <StockBadge stock={p.stock} /> },
    { key: 'featured', header: t('products.featured'), align: 'center', priority: 3, cell: (p) => (p.is_featured ? ta('yes') : ta('no')) },
    {
      key: 'discount',
      header: t('products.discount'),
      align: 'end',
      priority: 2,
      className: 'whitespace-nowrap',
      cell: (p) => (p.discount > 0 ? `${p.discount} %` : '—'),
    },
    { key: 'colors', header: t('products.colors'), priority: 3, cell: (p) => <ColorSwatches colors={p.colors} /> },
  ];

  return (
    <div>
      <PageHeader
        title={t('products.title')}
        actions={
          <>
            <ButtonLink to="/admin/products/reorder" variant="secondary" size="sm">
              <ArrowUpDown aria-hidden="true" className="size-4" />
              {t('reorder.title')}
            </ButtonLink>
            <ButtonLink to="/admin/products/new" size="sm">
              <Plus aria-hidden="true" className="size-4" />
              {t('products.new')}
            </ButtonLink>
          </>
        }
      />
      {notice && (
        <p role="status" className="mb-4 rounded-xl bg-primary-soft px-4 py-3 text-sm text-primary">
          {notice}
        </p>
      )}
      <ListToolbar
        onClear={() => setParams({ search: '', category_id: '', price: '', stock: '', status: '' })}
        canClear={Boolean(params.search || params.category_id || params.price || params.stock || params.status)}
      >
        <SearchInput label={t('products.search')} value={params.search} onSearch={(search) => setParams({ search })} />
        <FilterSelect
          label={t('products.category')}
          value={params.category_id}
          onChange={(category_id) => setParams({ category_id })}
          options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <FilterSelect
          label={t('products.priceBand')}
          value={params.price}
          onChange={(price) => setParams({ price })}
          options={PRICE_BANDS.map((band) => ({ value: band.id, label: t(`products.bands.${band.id}`) }))}
        />
        <FilterSelect
          label={t('products.stock')}
          value={params.stock}
          onChange={(stock) => setParams({ stock })}
          options={[
            { value: 'in', label: t('products.inStock') },
            { value: 'out', label: t('products.outOfStock') },
          ]}
        />
        <FilterSelect
          label={t('products.sort')}
          value={params.sort}
          onChange={(sort) => setParams({ sort })}
          allLabel={t('products.sorts.newest')}
          options={[{ value: 'position', label: t('products.sorts.position') }]}
        />
        <FilterSelect
          label={t('products.perPage')}
          value={params.per_page === PER_PAGE ? '' : String(params.per_page)}
          onChange={(n) => setParams({ per_page: n ? Number(n) : PER_PAGE })}
          allLabel={String(PER_PAGE)}
          options={[50, 100].map((n) => ({ value: String(n), label: String(n) }))}
        />
        <FilterSelect
          label={t('products.status')}
          value={archivedView ? 'archived' : ''}
          onChange={(status) => setParams({ status })}
          options={[{ value: 'archived', label: t('products.statuses.archived') }]}
        />
      </ListToolbar>
      <DataTable
        caption={t('products.title')}
        columns={columns}
        rows={products.data?.data}
        rowKey={(p) => p.id}
        loading={products.isPending}
        error={products.isError ? t('products.loadFailed') : null}
        onRetry={() => void products.refetch()}
        empty={
          archivedView ? (
            t('products.emptyArchived')
          ) : (
            <>
              {t('products.empty')}{' '}
              <Link to="/admin/products/new" className="text-primary underline">
                {t('products.new')}
              </Link>
            </>
          )
        }
        rowActions={(p) =>
          p.archived ? (
            <Button variant="ghost" size="sm" onClick={() => restoreAsked.ask(p)} aria-label={t('products.restoreNamed', { name: p.name })}>
              <ArchiveRestore aria-hidden="true" className="size-4" />
              {t('products.restore')}
            </Button>
          ) : (
            <RowActions name={p.name} editTo={`/admin/products/edit/${p.id}`} onDelete={() => del.ask(p)} />
          )
        }
      />
      <ListFooter meta={products.data?.meta} hrefFor={pageHref} />
      {del.dialog}
      {restoreAsked.dialog}
    </div>
  );
}
