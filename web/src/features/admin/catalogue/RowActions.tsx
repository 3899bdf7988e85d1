import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const editClass = 'inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm text-primary hover:bg-primary-soft';
const deleteClass = 'inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm text-rose hover:bg-danger-soft';

/** Edit (a link, or a button when the form is on the same page) and Delete of a catalogue row, named for screen readers. */
export function RowActions({
  name,
  editTo,
  onEdit,
  onDelete,
}: {
  name: string;
  editTo?: string;
  onEdit?: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const { t: ta } = useTranslation('admin');
  const edit = (
    <>
      <Pencil aria-hidden="true" className="size-4" />
      {ta('actions.edit')}
    </>
  );
  return (
    <div className="flex justify-end gap-1">
      {editTo ? (
        <Link to={editTo} aria-label={t('common.editNamed', { name })} className={editClass}>
          {edit}
        </Link>
      ) : (
        <button type="button" onClick={onEdit} aria-label={t('common.editNamed', { name })} className={editClass}>
          {edit}
        </button>
      )}
      <button type="button" onClick={onDelete} aria-label={t('common.deleteNamed', { name })} className={deleteClass}>
        <Trash2 aria-hidden="true" className="size-4" />
        {ta('actions.delete')}
      </button>
    </div>
  );
}
