/**
 * The one way a form of the shop holds its state and saves (storefront and back office alike):
 * react-hook-form checked by a zod schema (the shared one of the request, or one built from it), with
 * the save feedback every form gives the same way:
 *  - while saving: `saving` is true (the submit button is disabled and says so, the form is aria-busy);
 *  - a 422: each field it names gets the server's message under it and the first one the focus; what
 *    no field shows goes above the form;
 *  - another failure: one message above the form (role=alert, it stays until the next try);
 *  - success: a toast when `saved` is given (a form that leaves the page or shows a result of its own
 *    passes none).
 *
 *   const form = useShopForm(couponFormSchema, {
 *     defaultValues, save: (body) => saveCoupon.mutateAsync(body), saved: t('coupons.saved'), failed: t('form.failed'),
 *   });
 *   <ShopForm form={form}> <Field label=... {...form.field('code')} /> <SubmitButton form={form}>...</SubmitButton> </ShopForm>
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { get, useForm, type FieldErrors, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '../api';
import { useMessageText } from './message-text';
import { applyServerErrors, type ServerErrors } from './server-errors';

/** A failure said under one field of the form (focused) rather than above it. */
export type FieldMessage<In extends FieldValues> = { field: Path<In>; message: string };

export type ShopFormOptions<In extends FieldValues, Out> = Omit<UseFormProps<In, unknown, Out>, 'resolver'> & {
  /** Sends the checked values (throws the ApiError of a refusal). Without it, `submit` only checks. */
  save?: (values: Out) => Promise<unknown> | unknown;
  /** The toast shown after a successful save. */
  saved?: string | ((values: Out) => string | null);
  /**
   * The message above the form when the save fails and no field shows why. A function may decide
   * for some failures (a 401, a 410) and return undefined to leave the rest to the default: the
   * network message, a refusal's own message, or `failed`; or put one message under a field instead
   * (`{ field: 'code', message }`: a coupon refused for whatever reason is said under its code).
   */
  failed?: string | ((error: unknown, onForm: ServerErrors) => string | null | undefined | FieldMessage<In>);
  /** A server field name -> the form's path, where they differ. */
  rename?: Record<string, string>;
  /** The message above the form when the browser's check refuses the values (default: none, the fields say it). */
  invalid?: string | ((errors: FieldErrors<In>) => string | null);
};

export function useShopForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  { save, saved, failed, rename, invalid, ...options }: ShopFormOptions<z.input<S>, z.output<S>> = {},
) {
  type In = z.input<S>;
  type Out = z.output<S>;
  const { t } = useTranslation('common');
  const text = useMessageText();
  const form = useForm<In, unknown, Out>({
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The message above the form for a failure (null when the fields say it all). */
  const failureText = (error: unknown, onForm: ServerErrors): string | null => {
    const own = typeof failed === 'function' ? failed(error, onForm) : undefined;
    if (own !== null && typeof own === 'object') {
      form.setError(own.field, { type: 'server', message: own.message }, { shouldFocus: true });
      return null;
    }
    if (own !== undefined) return own;
    const fallback = typeof failed === 'string' ? failed : t('form.failed');
    if (onForm.elsewhere.length > 0) return onForm.elsewhere.join(' ');
    if (onForm.onFields) return null;
    if (!isApiError(error)) return fallback;
    if (error.isNetworkError || error.isTimeout) return t('form.network');
    return error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
  };

  /** Puts a refusal on the form: the field errors under their fields, the rest above the form. */
  const showFailure = (error: unknown) => {
    const onForm = applyServerErrors(error, form, rename);
    setFormError(failureText(error, onForm));
  };

  const onValid = async (values: Out) => {
    if (!save) return;
    setBusy(true);
    try {
      await save(values);
      const message = typeof saved === 'function' ? saved(values) : saved;
      if (message) toast.success(message);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  /** The form's onSubmit: no page load, the previous message cleared, checked, then saved. */
  const submit = (event?: FormEvent) => {
    setFormError(null);
    const onInvalid = (errors: FieldErrors<In>) => setFormError((typeof invalid === 'function' ? invalid(errors) : invalid) ?? null);
    return form.handleSubmit(onValid, onInvalid)(event);
  };

  /** A field's error as text in the reader's language (`from`: the errors an invalid handler got). */
  const errorText = (name: Path<In> | string, from: FieldErrors<In> = form.formState.errors): string | undefined =>
    text((get(from, name) as { message?: string } | undefined)?.message);

  /** What a Field of the kit takes for one value: the registration and its translated error. */
  const field = (name: Path<In>) => ({ ...form.register(name), error: errorText(name) });

  return {
    ...form,
    submit,
    saving: busy || form.formState.isSubmitting,
    formError,
    setFormError,
    showFailure,
    errorText,
    field,
  };
}

export type ShopFormApi = Pick<ReturnType<typeof useShopForm>, 'submit' | 'saving' | 'formError'>;
