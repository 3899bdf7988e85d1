/**
 * A short-lived bar at the bottom of the screen saying what was just done, with an Undo button: the
 * florist's thumb slips on a phone. It stays UNDO_WINDOW_MS (the same window the server waits before
 * mailing the customer about a status change), then goes; a new message replaces the last one.
 */
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@web/components/ui/Button';

/** How long the Undo button is offered. */
export const UNDO_WINDOW_MS = 10_000;

export function UndoBar(props: { message: string; undoLabel: string; dismissLabel: string; onUndo: () => void; onClose: () => void }) {
  const { message, undoLabel, dismissLabel, onUndo, onClose } = props;
  useEffect(() => {
    const timer = setTimeout(onClose, UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 print:hidden">
      <div role="status" className="flex w-full max-w-md items-center gap-2 rounded-card bg-ink px-4 py-2 text-sm text-white shadow-lg">
        <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">{message}</p>
        <Button variant="light" size="sm" onClick={onUndo}>
          {undoLabel}
        </Button>
        <button
          type="button"
          onClick={onClose}
          aria-label={dismissLabel}
          className="-me-2 inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
