/**
 * Toasts for cart and wishlist actions: `toast.success(text)` / `toast.error(text)` from anywhere.
 * Messages clear after 3 s. The toaster mounts itself once into `document.body` (its own React
 * root), so no layout change is needed; it reads the page direction from `<html dir>`.
 */
import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { cn } from './cn';

export const TOAST_DURATION_MS = 3000;

export type ToastKind = 'success' | 'error' | 'info';
export type ToastMessage = { id: number; kind: ToastKind; text: string };

let items: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

// Each message's pending dismissal, so `reset` can cancel them (a timer left behind would fire into a
// torn-down page: a test file's last toast, 3 s after its environment was closed).
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  items = items.filter((t) => t.id !== id);
  emit();
}

let root: Root | null = null;
function ensureMounted() {
  if (root || typeof document === 'undefined') return;
  const host = document.createElement('div');
  host.id = 'toast-root';
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(<Toaster />);
}

function show(kind: ToastKind, text: string, durationMs = TOAST_DURATION_MS): number {
  ensureMounted();
  const id = nextId++;
  items = [...items.slice(-3), { id, kind, text }];
  emit();
  timers.set(
    id,
    setTimeout(() => dismiss(id), durationMs),
  );
  return id;
}

// Pixels kept free at the bottom of the screen (a bar fixed there, as the builder's running total):
// toasts rise above it instead of covering it.
let lift = 0;

/** Toasts keep `px` free at the bottom of the screen (0: their own place again). */
export function liftToasts(px: number): void {
  if (px === lift) return;
  lift = px;
  emit();
}

export const toast = {
  success: (text: string, durationMs?: number) => show('success', text, durationMs),
  error: (text: string, durationMs?: number) => show('error', text, durationMs),
  info: (text: string, durationMs?: number) => show('info', text, durationMs),
  dismiss,
  /** Tests: forget every message, cancel their timers and take the toaster out of the page. */
  reset() {
    timers.forEach(clearTimeout);
    timers.clear();
    items = [];
    lift = 0;
    root?.unmount();
    root = null;
    document.getElementById('toast-root')?.remove();
    emit();
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

export function Toaster() {
  const list = useToasts();
  const bottom = useSyncExternalStore(
    subscribe,
    () => lift,
    () => lift,
  );
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:bottom-6"
      style={bottom > 0 ? { bottom: bottom + 8 } : undefined}
    >
      {list.map((t) => (
        <div
          key={t.id}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg',
            t.kind === 'error' ? 'border-danger/30 bg-danger-soft text-danger' : 'border-line bg-surface text-ink',
          )}
        >
          {t.kind === 'error' ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          )}
          <p className="flex-1 text-start">{t.text}</p>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className="-m-1 rounded-full p-1 text-muted hover:bg-sand"
            aria-label={document.documentElement.lang === 'ar' ? 'إغلاق' : document.documentElement.lang === 'en' ? 'Close' : 'Fermer'}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
