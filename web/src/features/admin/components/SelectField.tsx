import { useId } from 'react';
import { cn } from '@web/components/ui/cn';
import { describedBy, FieldLabel, FieldNotes, inputClasses } from '@web/components/ui/form-fields';

type Option = { value: string; label: string; disabled?: boolean };

/** A labelled select with the same look, error and required mark as the app's Field. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  required,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Option[];
  /** An empty first choice ("choose..."); without it the select always holds one of the options. */
  placeholder?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClasses, error ? 'border-danger' : 'border-line')}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}
