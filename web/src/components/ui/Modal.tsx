import { useId, useRef, type ReactNode } from 'react';
import { cn } from './cn';
import { DialogCloseButton, useDialogFocus } from './dialog';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
  /**
   * Widest the panel gets from 640 px up (phones always use the full width). A width in `className`
   * would lose to the default one, which carries the `sm:` prefix.
   */
  size?: keyof typeof WIDTHS;
};

const WIDTHS = { md: 'sm:max-w-lg', lg: 'sm:max-w-xl', xl: 'sm:max-w-3xl', '2xl': 'sm:max-w-4xl' } as const;

/** A small accessible dialog: focus moves in and stays in, Escape and the backdrop close it, focus returns. */
export function Modal({ open, onClose, title, closeLabel, children, className, size = 'md' }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // No scroll lock here: these dialogs never locked the page behind.
  const onKeyDown = useDialogFocus(panel, { open, onClose, lockScroll: false });
  if (!open) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/40 p-0 sm:items-center sm:p-4"
      onMouseDown={onClose}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onMouseDown={(e) => e.stopPropagation()}
        className={cn(
          // dvh: on a phone 90vh reaches under the browser's own bars and hid a sheet's last lines.
          'max-h-[90dvh] w-full min-w-0 overflow-y-auto rounded-t-2xl bg-surface p-5 shadow-xl focus:outline-none sm:rounded-2xl sm:p-6',
          WIDTHS[size],
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="min-w-0 font-display text-xl break-words text-ink">
            {title}
          </h2>
          <DialogCloseButton onClick={onClose} label={closeLabel} className="-m-2 rounded-full p-2 text-muted hover:bg-sand" />
        </div>
        {children}
      </div>
    </div>
  );
}
