/**
 * The frame of a catalogue item's form page (a category, a subcategory): `/new` shows the empty form,
 * `/edit/:id` loads the item first (a spinner meanwhile) and says so with a way back when the id is
 * not a number or no such item exists; and the Cancel / Save (or Create) row at the form's foot.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@web/components/ui/Button';
import { Spinner } from '@web/components/ui/Spinner';
import { SubmitButton, type ShopFormApi } from '@web/lib/forms';
import { PageHeader } from '../components/PageHeader';
import { MissingItem } from './MissingItem';

type ItemFormPageProps<T> = {
  /** The item's query: null for a new one, its id otherwise (never called with an id that is not a number). */
  useItem: (id: number | null) => UseQueryResult<T>;
  newTitle: string;
  editTitle: string;
  notFound: string;
  /** The list page, for the way back. */
  backTo: string;
  backLabel: string;
  /** The form, for the loaded item (null: a new one). */
  children: (item: T | null) => ReactNode;
};

export function ItemFormPage<T extends { name: string }>({
  useItem,
  newTitle,
  editTitle,
  notFound,
  backTo,
  backLabel,
  children,
}: ItemFormPageProps<T>) {
  const { id } = useParams();
  const itemId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : -1;
  const item = useItem(itemId !== null && itemId > 0 ? itemId : null);
  if (itemId === null) {
    return (
      <div>
        <PageHeader title={newTitle} />
        {children(null)}
      </div>
    );
  }
  return (
    <div>
      <PageHeader title={editTitle} description={item.data?.name} />
      {itemId < 0 || item.isError ? (
        <MissingItem message={notFound} backTo={backTo} backLabel={backLabel} />
      ) : item.data ? (
        children(item.data)
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** Cancel (back to the list) and Save, or Create for a new item; both wait while the save runs. */
export function ItemFormActions({ form, cancelTo, isNew }: { form: Pick<ShopFormApi, 'saving'>; cancelTo: string; isNew: boolean }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" type="button" onClick={() => void navigate(cancelTo)} disabled={form.saving}>
        {t('actions.cancel')}
      </Button>
      <SubmitButton form={form} busyLabel={t('actions.saving')}>
        {isNew ? t('actions.create') : t('actions.save')}
      </SubmitButton>
    </div>
  );
}
