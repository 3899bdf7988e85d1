/**
 * /admin/testimonials: moderation. Search over content or author (any case), status filter, stars,
 * Confirmed/Pending, Confirm (only while pending) and Delete after a confirmation dialog.
 */
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import type { TestimonialAdmin } from '@shared/schemas/testimonials';
import { Button } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { FormMessage } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { formatShopDate } from '@web/lib/format';
import { DataTable, type Column } from '../components/DataTable';
import { ListFooter } from '../components/ListFooter';
import { FilterSelect, ListToolbar, SearchInput } from '../components/ListToolbar';
import { PageHeader } from '../components/PageHeader';
import { useConfirmDelete } from '../components/use-confirm-delete';
import { usePageHref, useListParams } from '../components/use-list-params';
import { useAdminTestimonials, useTestimonialActions } from './api';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('admin-people');
  return (
    <span role="img" aria-label={t('testimonials.stars', { count: rating })} className="inline-flex gap-0.5 text-amber-600">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={cn('size-4', n <= rating ? 'fill-current' : 'text-line')} />
      ))}
    </span>
  );
}

function StatusPill({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation('admin-people');
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
        confirmed ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900',
      )}
    >
      {t(confirmed ? 'testimonials.statuses.confirmed' : 'testimonials.statuses.pending')}
    </span>
  );
}

export default function TestimonialsPage() {
  const { t, i18n } = useTranslation('admin-people');
  const locale = toLocale(i18n.resolvedLanguage);
  const [params, setParams] = useListParams({ page: 1, search: '', status: '' });
  const hrefFor = usePageHref();
  const query = useAdminTestimonials(params);
  const { confirm, remove } = useTestimonialActions();
  const del = useConfirmDelete<TestimonialAdmin>({
    action: (r) => remove.mutateAsync(r.id),
    title: t('testimonials.deleteTitle'),
    message: () => t('testimonials.deleteConfirm'),
    confirmLabel: t('testimonials.delete'),
  });
  const [failure, setFailure] = useState<string | null>(null);

  async function onConfirm(id: number) {
    setFailure(null);
    try {
      await confirm.mutateAsync(id);
    } catch (error) {
      setFailure(isApiError(error) && !error.isNetworkError && error.message ? error.message : t('testimonials.confirmFailed'));
    }
  }

  const columns: Column<TestimonialAdmin>[] = [
    {
      key: 'user',
      header: t('testimonials.columns.user'),
      cell: (r) =>
        r.user ? (
          <span className="flex flex-col">
            <bdi className="font-medium">{r.user.name}</bdi>
            <bdi dir="ltr" className="text-xs text-muted">
              #{r.user.id}
            </bdi>
          </span>
        ) : (
          <span className="text-muted italic">{t('testimonials.anonymous')}</span>
        ),
    },
    {
      key: 'content',
      header: t('testimonials.columns.content'),
      cell: (r) => (
        <p className="max-w-md text-start whitespace-pre-line">
          <bdi>{r.content}</bdi>
        </p>
      ),
    },
    { key: 'rating', header: t('testimonials.columns.rating'), cell: (r) => <Stars rating={r.rating} /> },
    { key: 'status', header: t('testimonials.columns.status'), cell: (r) => <StatusPill confirmed={r.is_confirmed === 1} /> },
    { key: 'date', header: t('testimonials.columns.date'), cell: (r) => formatShopDate(locale, r.created_at) },
  ];

  return (
    <>
      <PageHeader title={t('testimonials.title')} description={t('testimonials.description')} />
      <ListToolbar onClear={() => setParams({ search: '', status: '' })} canClear={params.search !== '' || params.status !== ''}>
        <SearchInput label={t('testimonials.search')} value={params.search} onSearch={(search) => setParams({ search })} />
        <FilterSelect
          label={t('testimonials.status')}
          value={params.status}
          onChange={(status) => setParams({ status })}
          options={[
            { value: 'pending', label: t('testimonials.statuses.pending') },
            { value: 'confirmed', label: t('testimonials.statuses.confirmed') },
          ]}
        />
      </ListToolbar>
      {failure && (
        <FormMessage tone="error" className="mb-4">
          {failure}
        </FormMessage>
      )}
      <DataTable
        caption={t('testimonials.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(r) => r.id}
        loading={query.isPending}
        error={query.isError ? t('testimonials.loadFailed') : null}
        onRetry={() => void query.refetch()}
        empty={params.search || params.status ? t('testimonials.emptySearch') : t('testimonials.empty')}
        rowActions={(r) => (
          <div className="flex flex-wrap justify-end gap-2">
            {r.is_confirmed === 0 && (
              <Button size="sm" onClick={() => void onConfirm(r.id)} disabled={confirm.isPending && confirm.variables === r.id}>
                {confirm.isPending && confirm.variables === r.id ? t('testimonials.confirming') : t('testimonials.confirm')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => del.ask(r)}>
              {t('testimonials.delete')}
            </Button>
          </div>
        )}
      />
      <ListFooter meta={query.data?.meta} hrefFor={hrefFor} />
      {del.dialog}
    </>
  );
}
