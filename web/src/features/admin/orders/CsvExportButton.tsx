import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@web/components/ui/Button';
import { buildUrl } from '@web/lib/api';
import type { OrdersFilters } from './api';

/** The filtered list (every page) as CSV: a plain link, the session cookie rides along. */
export function CsvExportButton({ filters }: { filters: OrdersFilters }) {
  const { t } = useTranslation('admin');
  return (
    <a href={buildUrl('/admin/orders/export.csv', filters)} download className={buttonClasses({ variant: 'secondary' })}>
      <Download aria-hidden="true" className="size-4" />
      {t('actions.exportCsv')}
    </a>
  );
}
