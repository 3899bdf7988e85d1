/** /admin/customers: every account with role, orders count, e-mail confirmation and joined date; 10 a page. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLocale } from '@shared/constants';
import type { Customer } from '@shared/schemas/people';
import { formatShopDate } from '@web/lib/format';
import { DataTable, type Column } from '../../components/DataTable';
import { ListFooter } from '../../components/ListFooter';
import { ListToolbar, SearchInput } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { usePageHref, useListParams } from '../../components/use-list-params';
import { useCustomers } from './api';
import { RoleBadge } from './RoleBadge';
import { EmailText, PhoneText } from '../../components/Contact';

/** An account's page, or a guest buyer's (orders without an account). */
export const customerPath = (c: Pick<Customer, 'id' | 'guest'>) =>
  c.guest ? `/admin/customers/guests/${c.id}` : `/admin/customers/${c.id}`;

export default function CustomersPage() {
  const { t, i18n } = useTranslation('admin-people');
  const locale = toLocale(i18n.resolvedLanguage);
  const [params, setParams] = useListParams({ page: 1, search: '' });
  const hrefFor = usePageHref();
  const query = useCustomers(params);

  const columns: Column<Customer>[] = [
    { key: 'id', header: t('customers.columns.id'), priority: 2, cell: (c) => (c.guest ? '—' : <bdi dir="ltr">#{c.id}</bdi>) },
    {
      key: 'name',
      header: t('customers.columns.name'),
      cell: (c) => (
        <Link
          to={customerPath(c)}
          aria-label={t('customers.open', { name: c.name })}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          <bdi>{c.name}</bdi>
        </Link>
      ),
    },
    { key: 'email', header: t('customers.columns.email'), cell: (c) => <EmailText email={c.email} /> },
    { key: 'phone', header: t('customers.columns.phone'), priority: 2, cell: (c) => (c.phone ? <PhoneText phone={c.phone} /> : '—') },
    {
      key: 'role',
      header: t('customers.columns.role'),
      cell: (c) =>
        c.guest ? (
          <span className="inline-flex rounded-full bg-sand px-2 py-0.5 text-xs font-medium text-ink">{t('customers.guest')}</span>
        ) : (
          <RoleBadge role={c.role} />
        ),
    },
    { key: 'orders', header: t('customers.columns.orders'), cell: (c) => c.orders_count, align: 'end' },
    {
      key: 'last',
      header: t('customers.columns.lastOrder'),
      priority: 2,
      cell: (c) => (c.last_order_at ? formatShopDate(locale, c.last_order_at) : '—'),
    },
    {
      key: 'confirmed',
      header: t('customers.columns.confirmed'),
      priority: 3,
      cell: (c) => (c.guest ? '—' : t(c.email_verified_at ? 'admin:yes' : 'admin:no')),
    },
    { key: 'joined', header: t('customers.columns.joined'), priority: 3, cell: (c) => formatShopDate(locale, c.created_at) },
  ];

  return (
    <>
      <PageHeader title={t('customers.title')} description={t('customers.description')} />
      <ListToolbar onClear={() => setParams({ search: '' })} canClear={params.search !== ''}>
        <SearchInput label={t('customers.search')} value={params.search} onSearch={(search) => setParams({ search })} />
      </ListToolbar>
      <DataTable
        caption={t('customers.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(c) => `${c.guest ? 'g' : 'u'}${c.id}`}
        loading={query.isPending}
        error={query.isError ? t('customers.loadFailed') : null}
        onRetry={() => void query.refetch()}
        empty={params.search ? t('customers.emptySearch') : t('customers.empty')}
      />
      <ListFooter meta={query.data?.meta} hrefFor={hrefFor} />
    </>
  );
}
