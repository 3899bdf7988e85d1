import { X } from 'lucide-react';
import { useEffect, useEffectEvent, type KeyboardEvent, type ReactNode, type Ref, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Options = {
  /** Whether the dialog is shown (its panel rendered). A dialog that is mounted only while shown passes true. */
  open: boolean;
  /** Called on Escape. */
  onClose: () => void;
  /** What gets the focus when the dialog opens; by default the panel itself (give it tabIndex={-1}). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Where the focus goes back when it closes; by default what had the focus when it opened. */
  returnFocus?: () => HTMLElement | null | undefined;
  /** Stop the page behind from scrolling while open (default true). */
  lockScroll?: boolean;
};

/**
 * The behaviour of a modal dialog, shared by every dialog of the shop: when it opens the focus moves
 * in (and the page behind stops scrolling); while open, Tab and Shift+Tab cycle inside `panelRef`
 * and Escape calls `onClose`; when it closes the focus returns to the opener.
 *
 * Returns the keydown handler to put on the dialog (or on the element that wraps it and its backdrop).
 */
export function useDialogFocus(
  panelRef: RefObject<HTMLElement | null>,
  { open, onClose, initialFocus, returnFocus, lockScroll = true }: Options,
) {
  const onOpen = useEffectEvent(() => {
    const returnTarget = returnFocus ? returnFocus() : (document.activeElement as HTMLElement | null);
    const previousOverflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    (initialFocus ? initialFocus() : panelRef.current)?.focus();
    return () => {
      if (lockScroll) document.body.style.overflow = previousOverflow;
      returnTarget?.focus?.();
    };
  });

  useEffect(() => {
    if (!open) return;
    return onOpen();
  }, [open]);

  return function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

/**
 * The layer of a modal dialog, portalled to the body: a fixed wrapper (`className`) holding a
 * backdrop that closes on click and the dialog panel (`children`).
 */
export function DialogLayer({
  className,
  backdropClassName,
  onClose,
  onKeyDown,
  children,
}: {
  className: string;
  backdropClassName: string;
  onClose: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
}) {
  return createPortal(
    <div className={className} onKeyDown={onKeyDown}>
      <div aria-hidden="true" className={backdropClassName} onClick={onClose} />
      {children}
    </div>,
    document.body,
  );
}

/** A dialog's close button: a cross with an accessible name. */
export function DialogCloseButton({
  label,
  onClick,
  className,
  ref,
}: {
  label: string;
  onClick: () => void;
  className: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button ref={ref} type="button" onClick={onClick} aria-label={label} className={className}>
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}
