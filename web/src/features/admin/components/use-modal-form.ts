/**
 * The state of a back-office form kept in component state (the coupon and zone dialogs, the add-admin
 * page): its values, the message under each field, the message above the form, and the handlers.
 *
 *   const { form, set, toggle, errors, setErrors, message, setMessage, submit } = useModalForm(() => toForm(coupon));
 *   <form onSubmit={submit(async () => { ...; setMessage({ tone: 'error', text }) })}>
 *     <Field value={form.code} onChange={set('code')} error={errors.code} />
 */
import { useState, type FormEvent } from 'react';

export type FormNotice = { tone: 'error' | 'success'; text: string };

export function useModalForm<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});
  const [message, setMessage] = useState<FormNotice | null>(null);

  /** onChange of a text input or select: the field takes the typed value. */
  const set = (field: keyof F) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  /** onChange of a checkbox. */
  const toggle = (field: keyof F) => (e: { target: { checked: boolean } }) => setForm((f) => ({ ...f, [field]: e.target.checked }));
  /** The form's onSubmit: no page load, the previous message cleared, then the handler. */
  const submit = (handler: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    void handler();
  };

  return { form, setForm, set, toggle, errors, setErrors, message, setMessage, submit };
}
