/**
 * /admin/rounds: staff's board of a delivery day. Every order due that day with its driver: tick one or
 * several and give them to a driver (or to nobody); then each driver's stops in driving order, moved by
 * drag and drop on a desktop (@dnd-kit: mouse, touch, keyboard) or with the up/down buttons on a phone,
 * and saved. A stop the driver could not deliver shows the reason given.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Driver, RoundStop } from '@shared/schemas/rounds';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Spinner } from '@web/components/ui/Spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { MoveButtons } from '../components/MoveButtons';
import { PageHeader } from '../components/PageHeader';
import { useAssignDriver, useReorderStops, useRoundsBoard } from './api';

const selectClass = 'block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base text-ink';

function StopRow({
  stop,
  index,
  count,
  onMove,
}: {
  stop: RoundStop;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const { t } = useTranslation('admin-rounds');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stop.order_id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`stop-${stop.order_id}`}
      className={`flex items-center gap-2 rounded-xl border border-line bg-surface p-2 ${isDragging ? 'relative z-10 shadow-card' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('board.drag', { id: stop.order_id })}
        className="hidden size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-sand sm:inline-flex"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <span className="w-6 shrink-0 text-center text-sm font-semibold text-muted tabular-nums">{index + 1}</span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-ink">
          {t('board.order', { id: stop.order_id })} · {stop.contact_name}
        </span>
        <span className="block truncate text-sm text-muted">
          <bdi>{stop.address}</bdi>
        </span>
        {stop.outcome === 'failed' && stop.failure_reason && (
          <span className="block text-sm text-rose-900">{t('stop.reasonGiven', { reason: stop.failure_reason })}</span>
        )}
        {stop.outcome === 'delivered' && <span className="block text-sm text-emerald-900">{t('stop.delivered')}</span>}
      </span>
      <span className="flex shrink-0 items-center">
        <MoveButtons
          index={index}
          count={count}
          onMove={onMove}
          upLabel={t('board.up', { id: stop.order_id })}
          downLabel={t('board.down', { id: stop.order_id })}
        />
      </span>
    </li>
  );
}

/** One driver's stops of the day, reordered locally then saved. */
function DriverStops({ driver, day, stops }: { driver: Driver; day: string; stops: RoundStop[] }) {
  const { t } = useTranslation('admin-rounds');
  const reorder = useReorderStops();
  const [edited, setEdited] = useState<RoundStop[] | null>(null);
  const items = edited ?? stops;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    setEdited(arrayMove(items, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((s) => s.order_id === active.id),
      items.findIndex((s) => s.order_id === over.id),
    );
  };
  async function save() {
    try {
      const answer = await reorder.mutateAsync({ driver_id: driver.id, day, order_ids: items.map((s) => s.order_id) });
      setEdited(null);
      toast.success(answer.message);
    } catch (err) {
      toast.error(isApiError(err) ? err.allMessages()[0]! : t('board.saveFailed'));
    }
  }
  const headingId = `driver-${driver.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-cream p-3">
      <h2 id={headingId} className="mb-2 font-semibold text-ink">
        {t('board.driverStops', { name: driver.name, count: items.length })}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t('board.noStops')}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={items.map((s) => s.order_id)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2">
              {items.map((stop, index) => (
                <StopRow key={stop.order_id} stop={stop} index={index} count={items.length} onMove={move} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {edited && (
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={() => setEdited(null)} disabled={reorder.isPending}>
            {t('board.reset')}
          </Button>
          <Button size="sm" onClick={() => void save()} disabled={reorder.isPending}>
            {reorder.isPending ? t('stop.saving') : t('board.saveOrder')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The orders ticked and the driver chosen ("none": to nobody), as the assignment's body. */
const assignForm = z
  .object({
    order_ids: z.array(z.number().int()).min(1, 'admin-rounds:board.pickOrders'),
    driver: z.string().min(1, 'admin-rounds:board.pickDriver'),
  })
  .transform((f) => ({ orderIds: f.order_ids, driverId: f.driver === 'none' ? null : Number(f.driver) }));

export default function RoundsPage() {
  const { t } = useTranslation('admin-rounds');
  const [day, setDay] = useState<string | undefined>(undefined);
  const board = useRoundsBoard(day);
  const assign = useAssignDriver();
  const form = useShopForm(assignForm, {
    defaultValues: { order_ids: [], driver: '' },
    save: async (body) => {
      const answer = await assign.mutateAsync(body);
      form.setValue('order_ids', []);
      toast.success(answer.message);
    },
    failed: t('board.saveFailed'),
    rename: { driver_id: 'driver' },
  });
  const selected = form.watch('order_ids');
  const setSelected = (ids: number[]) => form.setValue('order_ids', ids);
  // Said next to the button: the failure, else why the ticks or the driver are refused.
  const error = form.formError ?? form.errorText('order_ids') ?? form.errorText('driver');
  const dayId = useId();
  const driverSelectId = useId();

  const data = board.data;
  const toggle = (id: number) => setSelected(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <div>
      <PageHeader title={t('board.title')} description={t('board.help')} />
      <div className="mb-4 flex max-w-xs flex-col gap-1.5">
        <label htmlFor={dayId} className="text-sm font-medium text-ink">
          {t('round.day')}
        </label>
        <input
          id={dayId}
          type="date"
          value={day ?? data?.today ?? ''}
          onChange={(e) => {
            setDay(e.target.value || undefined);
            setSelected([]);
          }}
          className={selectClass}
        />
      </div>
      {board.isPending ? (
        <Spinner />
      ) : board.isError ? (
        <ErrorState message={t('round.loadFailed')} onRetry={() => void board.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <ShopForm form={form} message={false} aria-labelledby="assign-heading" className="min-w-0">
            <h2 id="assign-heading" className="mb-2 font-semibold text-ink">
              {t('board.orders', { count: data!.stops.length })}
            </h2>
            {data!.stops.length === 0 ? (
              <ErrorState tone="empty" message={t('board.empty')} />
            ) : (
              <ul className="space-y-2">
                {data!.stops.map((stop) => (
                  <li key={stop.order_id} className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3">
                    <input
                      id={`pick-${stop.order_id}`}
                      type="checkbox"
                      checked={selected.includes(stop.order_id)}
                      onChange={() => toggle(stop.order_id)}
                      className="mt-1 size-5 shrink-0 accent-primary"
                    />
                    <label htmlFor={`pick-${stop.order_id}`} className="min-w-0 flex-1">
                      <span className="block font-medium text-ink">
                        {t('board.order', { id: stop.order_id })} · {stop.contact_name}
                      </span>
                      <span className="block truncate text-sm text-muted">
                        {stop.zone} · {stop.driver_name ?? t('board.noDriver')}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <div className="sticky bottom-0 mt-3 flex flex-wrap items-end gap-2 rounded-xl border border-line bg-surface/95 p-3 backdrop-blur">
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <label htmlFor={driverSelectId} className="text-sm font-medium text-ink">
                  {t('board.driver')}
                </label>
                <select
                  id={driverSelectId}
                  aria-invalid={form.errorText('driver') ? true : undefined}
                  {...form.register('driver')}
                  className={selectClass}
                >
                  <option value="">{t('board.chooseDriver')}</option>
                  {data!.drivers.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                  <option value="none">{t('board.nobody')}</option>
                </select>
              </div>
              <SubmitButton form={form} busyLabel={t('board.assign', { count: selected.length })}>
                {t('board.assign', { count: selected.length })}
              </SubmitButton>
              {error && (
                <p role="alert" className="w-full text-sm text-danger">
                  {error}
                </p>
              )}
            </div>
          </ShopForm>
          <div className="flex min-w-0 flex-col gap-4">
            {data!.drivers.length === 0 ? (
              <ErrorState tone="empty" message={t('board.noDrivers')} />
            ) : (
              data!.drivers.map((driver) => (
                <DriverStops
                  key={`${driver.id}-${data!.day}-${data!.stops.map((s) => `${s.order_id}:${s.driver_id}:${s.stop_position}:${s.outcome}`).join(',')}`}
                  driver={driver}
                  day={data!.day}
                  stops={data!.stops.filter((s) => s.driver_id === driver.id)}
                />
              ))
            )}
          </div>
        </div>
      )}
    </div>
  );
}
