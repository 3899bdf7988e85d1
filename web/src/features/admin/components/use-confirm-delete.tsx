/**
 * A row's delete (or another one-click action on it) asked first: `ask(row)` opens the dialog that
 * names the row, the confirm button runs `action(row)` (a mutation of the area's api.ts) and shows
 * progress, a refusal (a category that still has products) shows inside the dialog, and the dialog
 * closes when the action succeeds.
 *
 *   const remove = useDeleteColor();
 *   const del = useConfirmDelete<AdminColor>({ action: (c) => remove.mutateAsync(c.id), message: (c) => t('colors.confirmDelete', { name: c.name }) });
 *   <RowActions onDelete={() => del.ask(c)} />  …  {del.dialog}
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

type Options<T> = {
  /** The write, for the row asked about; resolves when done, throws the refusal to show. */
  action: (row: T) => Promise<unknown>;
  /** The question, naming the row. */
  message: (row: T) => ReactNode;
  title?: string;
  /** Default "Delete" ("Deleting…" while it runs). */
  confirmLabel?: string;
  busyLabel?: string;
  /** Default danger; primary for an action that destroys nothing (restoring). */
  tone?: 'danger' | 'primary';
};

export function useConfirmDelete<T>({ action, message, title, confirmLabel, busyLabel, tone }: Options<T>): {
  ask: (row: T) => void;
  dialog: ReactElement;
} {
  const { t } = useTranslation('admin');
  const [row, setRow] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={row !== null}
      title={title}
      message={row === null ? '' : message(row)}
      confirmLabel={confirmLabel ?? t('actions.delete')}
      busyLabel={busyLabel}
      tone={tone}
      onConfirm={() => action(row as T)}
      onClose={() => setRow(null)}
    />
  );
  return { ask: (r: T) => setRow(() => r), dialog };
}
