import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@web/components/ui/Button';
import { buildUrl } from '@web/lib/api';
import type { OrdersFilters } from './api';

/**
 * The filtered list (every page) as CSV: a plain link, the session cookie rides along; `lang` names
 * the screen's language (a link's Accept-Language is the browser's), the file's words follow it.
 */
export function CsvExportButton({ filters }: { filters: OrdersFilters }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <a
      href={buildUrl('/admin/orders/export.csv', { ...filters, lang: i18n.language })}
      download
      className={buttonClasses({ variant: 'secondary' })}
    >
      <Download aria-hidden="true" className="size-4" />
      {t('actions.exportCsv')}
    </a>
  );
}
