/**
 * The 6-digit code of an authenticator app: digits only (spaces kept, as apps show "123 456"), read
 * left to right in Arabic too, offered by phones' one-time-code autofill.
 */
import { Field } from './form-fields';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  className?: string;
  /** Already translated. */
  error?: string;
}

export function OneTimeCodeField({ label, value, onChange, autoFocus, className, error }: Props) {
  return (
    <Field
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={7}
      dir="ltr"
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^\d ]/g, ''))}
      className={className}
      error={error}
    />
  );
}
