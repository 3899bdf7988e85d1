/**
 * The frame of every form of the shop, with `useShopForm`: the <form> (no browser validation bubbles:
 * the schema's messages are the ones shown), the message above it, and the submit button that is
 * disabled and says it is working while the save runs.
 */
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import type { ShopFormApi } from './use-shop-form';

type ShopFormProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate' | 'form'> & {
  form: ShopFormApi;
  /**
   * Shown above the fields instead of the form's own failure message (for a richer one); `false` when
   * the form shows `formError` itself elsewhere (next to its button).
   */
  message?: ReactNode;
};

export function ShopForm({ form, message, children, ...props }: ShopFormProps) {
  return (
    <form noValidate onSubmit={(e) => void form.submit(e)} aria-busy={form.saving || undefined} {...props}>
      {message ?? (form.formError && <FormMessage tone="error">{form.formError}</FormMessage>)}
      {children}
    </form>
  );
}

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type' | 'form'> & {
  form: Pick<ShopFormApi, 'saving'>;
  /** The label while saving (default: "Saving…"). */
  busyLabel?: string;
};

export function SubmitButton({ form, busyLabel, disabled, children, ...props }: SubmitButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Button type="submit" disabled={form.saving || disabled} {...props}>
      {form.saving ? (busyLabel ?? t('form.saving')) : children}
    </Button>
  );
}
