/**
 * The frame of an order form section (a titled fieldset on a card) and its checkbox row. A fieldset is
 * as wide as its widest content by default (min-inline-size: min-content), and the grid's tracks too:
 * both are allowed to shrink, so a long product name or a row of controls wraps on a phone instead of
 * widening the page.
 */
import type { ComponentProps, ReactNode } from 'react';

export function FormSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <fieldset id={id} className="min-w-0 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <legend className="float-start mb-4 w-full font-display text-xl text-ink">{title}</legend>
      <div className="clear-both grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-[repeat(2,minmax(0,1fr))]">{children}</div>
    </fieldset>
  );
}

export function CheckBox({ label, error, ...input }: ComponentProps<'input'> & { label: ReactNode; error?: string }) {
  return (
    <div className="sm:col-span-2">
      <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" aria-invalid={error ? true : undefined} {...input} />
        <span>{label}</span>
      </label>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
