/**
 * /admin/products/reorder: the shop's product order, edited locally by drag and drop (@dnd-kit,
 * mouse, touch and keyboard: Space to lift, arrows to move) or with the arrow buttons, marked dirty,
 * then saved (positions 1..n) or reset to the last loaded order.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronsUp, GripVertical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReorderItem } from '@shared/schemas/catalogue-admin';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Price } from '@web/components/ui/Price';
import { Spinner } from '@web/components/ui/Spinner';
import { toast } from '@web/components/ui/toast';
import { MoveButtons } from '../../components/MoveButtons';
import { PageHeader } from '../../components/PageHeader';
import { useReorderList, useSaveProductOrder } from '../api';

function Row({
  item,
  index,
  count,
  onMove,
}: {
  item: ReorderItem;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-line bg-surface p-2 ${isDragging ? 'relative z-10 shadow-card' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('reorder.drag', { name: item.name })}
        className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-sand"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <span className="w-8 shrink-0 text-center text-sm font-semibold text-muted tabular-nums">{index + 1}</span>
      {item.image_path ? (
        <img src={item.image_path} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="size-12 shrink-0 rounded-lg bg-sand" />
      )}
      <span className="min-w-[9rem] flex-1">
        <span className="block truncate font-medium text-ink">{item.name}</span>
        <Price amount={item.price} className="text-sm" />
      </span>
      {/* On phones the buttons wrap under the name rather than squeezing it. */}
      <span className="ms-auto flex items-center">
        {/* A new bouquet usually goes first: one press instead of a long drag through the list. */}
        <button
          type="button"
          onClick={() => onMove(index, 0)}
          disabled={index === 0}
          aria-label={t('reorder.top', { name: item.name })}
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40"
        >
          <ChevronsUp aria-hidden="true" className="size-4" />
        </button>
        <MoveButtons
          index={index}
          count={count}
          onMove={onMove}
          upLabel={t('reorder.up', { name: item.name })}
          downLabel={t('reorder.down', { name: item.name })}
        />
      </span>
    </li>
  );
}

export default function ReorderPage() {
  const { t } = useTranslation('admin-catalogue');
  const list = useReorderList();
  const saveOrder = useSaveProductOrder();
  const [edited, setEdited] = useState<ReorderItem[] | null>(null);
  const saving = saveOrder.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const loaded = list.data?.data;
  const items = edited ?? loaded ?? [];
  const dirty = edited !== null;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    setEdited(arrayMove(items, from, to));
  };
  // What a screen reader hears while dragging: the product's name and its place, in the admin's language.
  const nameOf = (id: UniqueIdentifier) => items.find((i) => i.id === id)?.name ?? '';
  const placeOf = (id: UniqueIdentifier) => items.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('reorder.announce.start', { name: nameOf(active.id), place: placeOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('reorder.announce.over', { name: nameOf(active.id), place: placeOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? t('reorder.announce.end', { name: nameOf(active.id), place: placeOf(over.id) })
        : t('reorder.announce.cancel', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('reorder.announce.cancel', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((i) => i.id === active.id),
      items.findIndex((i) => i.id === over.id),
    );
  };

  async function save() {
    setFailure(null);
    try {
      // Resolves once the list is loaded again in the saved order.
      const answer = await saveOrder.mutateAsync(items.map((p) => p.id));
      setEdited(null);
      toast.success(answer.message || t('reorder.saved'));
    } catch {
      setFailure(t('reorder.saveFailed'));
      toast.error(t('reorder.saveFailedToast'));
    }
  }

  return (
    <div>
      <PageHeader title={t('reorder.title')} description={t('reorder.help')} />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <ErrorState message={t('reorder.loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ErrorState tone="empty" message={t('reorder.empty')} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('reorder.instructions') } }}
        >
          <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2" aria-label={t('reorder.title')}>
              {items.map((item, index) => (
                <Row key={item.id} item={item} index={index} count={items.length} onMove={move} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {/* The save bar stays at the bottom of the window over a long list (70+ products): the order
          is saved from wherever the last move was made. */}
      <div className="sticky bottom-0 z-20 -mx-4 mt-4 flex flex-wrap items-center justify-end gap-2 border-y border-line bg-surface/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        {dirty && (
          <p role="status" className="me-auto rounded-lg bg-amber-100 px-3 py-1.5 text-sm text-amber-900">
            {t('reorder.dirty')}
          </p>
        )}
        {failure && (
          <p role="alert" className="me-auto text-sm text-danger">
            {failure}
          </p>
        )}
        <Button variant="ghost" size="sm" onClick={() => setEdited(null)} disabled={!dirty || saving}>
          {t('reorder.reset')}
        </Button>
        <Button size="sm" onClick={() => void save()} disabled={!dirty || saving}>
          {saving ? t('reorder.saving') : t('reorder.save')}
        </Button>
      </div>
    </div>
  );
}
