/** /admin/subcategories: the subcategory-only list, searched and filtered on the server, with delete after a confirmation. */
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminSubcategoryRow } from '@shared/schemas/catalogue-admin';
import { ButtonLink } from '@web/components/ui/Button';
import { RowActions } from '../RowActions';
import { DataTable, type Column } from '../../components/DataTable';
import { ListFooter } from '../../components/ListFooter';
import { FilterSelect, ListToolbar, SearchInput } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { useConfirmDelete } from '../../components/use-confirm-delete';
import { useListParams, usePageHref } from '../../components/use-list-params';
import { useAdminSubcategories, useCategoryOptions, useDeleteSubcategory } from '../api';
import { ActiveBadge } from '../ActiveBadge';

export default function SubcategoriesPage() {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const [params, setParams] = useListParams({ page: 1, search: '', category_id: '' });
  const pageHref = usePageHref();
  const subcategories = useAdminSubcategories(params);
  const categories = useCategoryOptions();
  const remove = useDeleteSubcategory();
  const del = useConfirmDelete<AdminSubcategoryRow>({
    action: (s) => remove.mutateAsync(s.id),
    message: (s) => t('subcategories.confirmDelete', { name: s.name }),
  });

  const columns: Column<AdminSubcategoryRow>[] = [
    { key: 'name', header: t('categories.name'), cell: (s) => <span className="font-medium text-ink">{s.name}</span> },
    { key: 'category', header: t('subcategories.parent'), cell: (s) => s.category_name },
    { key: 'products', header: t('categories.products'), align: 'end', cell: (s) => s.products_count },
    { key: 'active', header: t('subcategories.status'), align: 'center', cell: (s) => <ActiveBadge active={s.is_active} /> },
  ];

  return (
    <div>
      <PageHeader
        title={t('subcategories.title')}
        actions={
          <ButtonLink to="/admin/subcategories/new" size="sm">
            <Plus aria-hidden="true" className="size-4" />
            {t('subcategories.add')}
          </ButtonLink>
        }
      />
      <ListToolbar onClear={() => setParams({ search: '', category_id: '' })} canClear={Boolean(params.search || params.category_id)}>
        <SearchInput label={t('categories.search')} value={params.search} onSearch={(search) => setParams({ search })} />
        <FilterSelect
          label={t('subcategories.parent')}
          value={params.category_id}
          onChange={(category_id) => setParams({ category_id })}
          options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
      </ListToolbar>
      <DataTable
        caption={t('subcategories.title')}
        columns={columns}
        rows={subcategories.data?.data}
        rowKey={(s) => s.id}
        loading={subcategories.isPending}
        error={subcategories.isError ? t('subcategories.loadFailed') : null}
        onRetry={() => void subcategories.refetch()}
        empty={params.search || params.category_id ? ta('list.noResults') : t('subcategories.empty')}
        rowActions={(s) => <RowActions name={s.name} editTo={`/admin/subcategories/edit/${s.id}`} onDelete={() => del.ask(s)} />}
      />
      <ListFooter meta={subcategories.data?.meta} hrefFor={pageHref} />
      {del.dialog}
    </div>
  );
}
