/** /admin/audit (super admins): every admin write with who, when, what, before and after; filters by person and kind. */
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import type { AuditEntry } from '@shared/schemas/audit';
import { ButtonLink } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { formatShopDate } from '@web/lib/format';
import { useAdminMe } from '../api';
import { DataTable, type Column } from '../components/DataTable';
import { ListFooter } from '../components/ListFooter';
import { FilterSelect, ListToolbar } from '../components/ListToolbar';
import { PageHeader } from '../components/PageHeader';
import { usePageHref, useListParams } from '../components/use-list-params';
import { useAudit, useAuditFacets } from './api';
import { EmailText } from '../components/Contact';

function Snapshot({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="text-start">
      <summary className="flex min-h-8 cursor-pointer items-center text-xs text-primary">{label}</summary>
      <pre
        dir="ltr"
        className="mt-1 max-h-48 max-w-xs overflow-auto rounded-lg bg-sand p-2 text-start text-xs whitespace-pre-wrap text-ink"
      >
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

export default function AuditPage() {
  const { t, i18n } = useTranslation(['admin-settings', 'admin', 'admin-people']);
  const locale = toLocale(i18n.resolvedLanguage);
  const me = useAdminMe();
  const isSuper = me.data?.role === 'super_admin';
  const [params, setParams] = useListParams({ page: 1, actor: '', entity: '' });
  const hrefFor = usePageHref();
  const query = useAudit(params);
  const facets = useAuditFacets();

  if (me.data && !isSuper) {
    return (
      <>
        <PageHeader title={t('audit.title')} />
        <FormMessage tone="error" className="mb-4">
          {t('admin-people:addAdmin.noPermission')}
        </FormMessage>
        <ButtonLink to="/admin/profile" variant="secondary">
          {t('admin-people:addAdmin.backToProfile')}
        </ButtonLink>
      </>
    );
  }

  const kind = (entity: string) => t(`audit.kinds.${entity}`, { defaultValue: entity });
  const columns: Column<AuditEntry>[] = [
    { key: 'when', header: t('audit.columns.when'), cell: (e) => formatShopDate(locale, e.created_at, true) },
    { key: 'who', header: t('audit.columns.who'), cell: (e) => <EmailText email={e.actor_email} /> },
    {
      key: 'what',
      header: t('audit.columns.what'),
      cell: (e) => (
        <span className="flex flex-col">
          <span className="font-medium">{t(`audit.actions.${e.action.replace(/\./g, '_')}`, { defaultValue: e.action })}</span>
          <span className="text-xs text-muted">
            {kind(e.entity)}
            {/* The space stays outside the isolate: inside it, an Arabic label ran into "#5". */}
            {e.entity_id ? (
              <>
                {' '}
                <bdi dir="ltr">#{e.entity_id}</bdi>
              </>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      key: 'change',
      header: t('audit.columns.change'),
      cell: (e) => (
        <div className="flex flex-col gap-1">
          <Snapshot label={t('audit.before')} value={e.before} />
          <Snapshot label={t('audit.after')} value={e.after} />
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.description')} />
      <ListToolbar onClear={() => setParams({ actor: '', entity: '' })} canClear={params.actor !== '' || params.entity !== ''}>
        <FilterSelect
          label={t('audit.person')}
          value={params.actor}
          onChange={(actor) => setParams({ actor })}
          options={(facets.data?.actors ?? []).filter((a) => a.id !== null).map((a) => ({ value: String(a.id), label: a.email }))}
        />
        <FilterSelect
          label={t('audit.kind')}
          value={params.entity}
          onChange={(entity) => setParams({ entity })}
          options={(facets.data?.entities ?? []).map((e) => ({ value: e, label: kind(e) }))}
        />
      </ListToolbar>
      <DataTable
        caption={t('audit.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(e) => e.id}
        loading={query.isPending}
        error={query.isError ? t('admin:list.loadFailed') : null}
        onRetry={() => void query.refetch()}
        empty={params.actor || params.entity ? t('admin:list.noResults') : t('audit.empty')}
      />
      <ListFooter meta={query.data?.meta} hrefFor={hrefFor} />
    </>
  );
}
