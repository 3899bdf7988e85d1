/** /admin/customers/:id: the account and its orders, newest first. */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { toLocale } from '@shared/constants';
import type { OrderSummary } from '@shared/schemas/orders';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Price } from '@web/components/ui/Price';
import { Skeleton } from '@web/components/ui/Skeleton';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import { isApiError } from '@web/lib/api';
import { formatShopDate } from '@web/lib/format';
import { DataTable, type Column } from '../../components/DataTable';
import { FactList } from '../../components/FactList';
import { ListFooter } from '../../components/ListFooter';
import { PageHeader } from '../../components/PageHeader';
import { usePageHref, useListParams } from '../../components/use-list-params';
import { useCustomer } from './api';
import { RoleBadge } from './RoleBadge';

export default function CustomerPage() {
  const { t, i18n } = useTranslation('admin-people');
  const locale = toLocale(i18n.resolvedLanguage);
  const id = Number(useParams().id);
  const guest = useLocation().pathname.includes('/customers/guests/');
  const [params] = useListParams({ page: 1 });
  const hrefFor = usePageHref();
  const query = useCustomer(id, params.page, guest);
  const customer = query.data?.customer;

  const columns: Column<OrderSummary>[] = [
    { key: 'id', header: t('customer.order.number'), cell: (o) => <bdi dir="ltr">#{o.id}</bdi> },
    { key: 'date', header: t('customer.order.date'), cell: (o) => formatShopDate(locale, o.created_at, true) },
    { key: 'status', header: t('customer.order.status'), cell: (o) => <StatusBadge status={o.order_status} /> },
    {
      key: 'delivery',
      header: t('customer.order.delivery'),
      cell: (o) => (o.delivery_date ? formatShopDate(locale, o.delivery_date) : '—'),
    },
    { key: 'items', header: t('customer.order.items'), cell: (o) => o.items_count, align: 'end' },
    { key: 'total', header: t('customer.order.total'), cell: (o) => <Price amount={o.total_amount} />, align: 'end' },
  ];

  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  const rows: [string, ReactNode][] = customer
    ? [
        [
          t('customers.columns.email'),
          <bdi dir="ltr" key="e">
            {customer.email}
          </bdi>,
        ],
        [
          t('customer.phone'),
          customer.phone ? <bdi dir="ltr">{customer.phone}</bdi> : <span className="text-muted italic">{t('customer.notProvided')}</span>,
        ],
        [
          t('customer.address'),
          customer.address ? <bdi key="a">{customer.address}</bdi> : <span className="text-muted italic">{t('customer.notProvided')}</span>,
        ],
        [t('customers.columns.role'), customer.guest ? t('customers.guest') : <RoleBadge key="r" role={customer.role} />],
        [t('customers.columns.confirmed'), customer.guest ? '—' : t(customer.email_verified_at ? 'admin:yes' : 'admin:no')],
        [t('customers.columns.joined'), formatShopDate(locale, customer.created_at)],
      ]
    : [];

  return (
    <>
      <Link to="/admin/customers" className="mb-4 inline-flex items-center gap-2 text-sm text-primary underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('customer.back')}
      </Link>
      <PageHeader
        title={customer ? customer.name : t('customer.title', { id })}
        description={customer ? t('customer.title', { id }) : undefined}
      />
      {query.isError ? (
        <ErrorState
          message={notFound ? t('customer.notFound') : t('admin:state.loadFailed')}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      ) : (
        <>
          <section
            aria-label={t('customer.title', { id })}
            className="mb-8 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
          >
            {query.isPending ? (
              <Skeleton className="h-32 w-full" />
            ) : (
              <FactList facts={rows} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
            )}
          </section>
          <h2 className="mb-3 font-display text-xl text-ink">{t('customer.ordersTitle')}</h2>
          <DataTable
            caption={t('customer.ordersTitle')}
            columns={columns}
            rows={query.data?.orders.data}
            rowKey={(o) => o.id}
            loading={query.isPending}
            empty={t('customer.ordersEmpty')}
          />
          <ListFooter meta={query.data?.orders.meta} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
