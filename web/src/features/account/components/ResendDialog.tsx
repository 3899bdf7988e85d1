import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emailBodySchema } from '@shared/schemas/accounts';
import { Button } from '@web/components/ui/Button';
import { Field, useMessageText } from './fields';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The spec's "prompt" for an e-mail address, as an accessible modal dialog: focus moves in and
 * stays in, Escape, the close button and Cancel shut it without doing anything.
 */
export function ResendDialog({
  open,
  onCancel,
  onSubmit,
  pending,
}: {
  open: boolean;
  onCancel: () => void;
  onSubmit: (email: string) => void;
  pending?: boolean;
}) {
  const { t } = useTranslation('account');
  const text = useMessageText();
  const titleId = useId();
  const textId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(emailBodySchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    reset({ email: '' });
    panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      previous?.focus();
    };
  }, [open, reset]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
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
  }

  return createPortal(
    <div className="fixed inset-0 z-[70] flex items-end justify-center p-4 sm:items-center" onKeyDown={onKeyDown}>
      <div aria-hidden="true" className="absolute inset-0 bg-ink/40" onClick={onCancel} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="relative w-full max-w-md animate-fade-in rounded-card bg-surface p-6 shadow-2xl motion-reduce:animate-none"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl text-ink">
            {t('confirm.dialogTitle')}
          </h2>
          <button
            type="button"
            onClick={onCancel}
            aria-label={t('common.close')}
            className="-me-2 -mt-1 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-sand hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p id={textId} className="mt-2 text-muted">
          {t('confirm.dialogText')}
        </p>
        <form noValidate className="mt-5 flex flex-col gap-5" onSubmit={handleSubmit(({ email }) => onSubmit(email))}>
          <Field
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            error={text(errors.email?.message)}
            {...register('email')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t('common.sending') : t('confirm.dialogSubmit')}
            </Button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
