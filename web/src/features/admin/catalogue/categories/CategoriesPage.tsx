/**
 * /admin/categories: one combined table of categories with their subcategories, searched
 * over names and descriptions on the server, with Create Category and Create Subcategory. Deleting
 * asks first; the server refuses while products remain and the dialog shows why.
 */
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminCategoryRow } from '@shared/schemas/catalogue-admin';
import { ButtonLink } from '@web/components/ui/Button';
import { RowActions } from '../RowActions';
import { DataTable, type Column } from '../../components/DataTable';
import { ListFooter } from '../../components/ListFooter';
import { ListToolbar, SearchInput } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useListParams, usePageHref } from '../../components/use-list-params';
import { useAdminCategories, useDeleteCategory } from '../api';
import { ActiveBadge } from '../ActiveBadge';

export default function CategoriesPage() {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const [params, setParams] = useListParams({ page: 1, search: '' });
  const pageHref = usePageHref();
  const categories = useAdminCategories(params);
  const remove = useDeleteCategory();
  const del = useConfirmDelete<AdminCategoryRow>({
    action: (c) => remove.mutateAsync(c.id),
    message: (c) => t('categories.confirmDelete', { name: c.name }),
  });

  const columns: Column<AdminCategoryRow>[] = [
    {
      key: 'picture',
      header: t('categories.picture'),
      srOnlyHeader: true,
      className: 'w-16',
      cell: (c) =>
        c.image_path ? (
          <img src={c.image_path} alt="" className="size-12 max-w-none rounded-lg object-cover" loading="lazy" />
        ) : (
          <span className="block size-12 shrink-0 rounded-lg bg-sand" />
        ),
    },
    {
      key: 'name',
      header: t('categories.name'),
      cell: (c) => (
        <span>
          <span className="block font-medium text-ink">{c.name}</span>
          <span className="line-clamp-2 text-xs text-muted">{c.description}</span>
        </span>
      ),
    },
    { key: 'products', header: t('categories.products'), align: 'end', cell: (c) => c.products_count },
    {
      key: 'subcategories',
      header: t('categories.subcategories'),
      cell: (c) =>
        c.subcategories.length === 0 ? (
          <span className="text-muted">—</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5 max-md:justify-end">
            {c.subcategories.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/admin/subcategories/edit/${s.id}`}
                  className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs hover:border-primary"
                >
                  {s.name}
                  {!s.is_active && <ActiveBadge active={false} compact />}
                </Link>
              </li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t('categories.title')}
        actions={
          <>
            <ButtonLink to="/admin/subcategories/new" variant="secondary" size="sm">
              <Plus aria-hidden="true" className="size-4" />
              {t('subcategories.new')}
            </ButtonLink>
            <ButtonLink to="/admin/categories/new" size="sm">
              <Plus aria-hidden="true" className="size-4" />
              {t('categories.new')}
            </ButtonLink>
          </>
        }
      />
      <ListToolbar onClear={() => setParams({ search: '' })} canClear={Boolean(params.search)}>
        <SearchInput label={t('categories.search')} value={params.search} onSearch={(search) => setParams({ search })} />
      </ListToolbar>
      <DataTable
        caption={t('categories.title')}
        columns={columns}
        rows={categories.data?.data}
        rowKey={(c) => c.id}
        loading={categories.isPending}
        error={categories.isError ? t('categories.loadFailed') : null}
        onRetry={() => void categories.refetch()}
        empty={params.search ? ta('list.noResults') : t('categories.empty')}
        rowActions={(c) => <RowActions name={c.name} editTo={`/admin/categories/edit/${c.id}`} onDelete={() => del.ask(c)} />}
      />
      <ListFooter meta={categories.data?.meta} hrefFor={pageHref} />
      {del.dialog}
    </div>
  );
}
