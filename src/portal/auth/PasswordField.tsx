import type { Translate } from '../forms/translate';
import { PlainTextField } from './PlainTextField';

export interface PasswordFieldProps {
  /** The input's id (`password` on the sign-in page, where the browser's password manager fills it). */
  id: string;
  value: string;
  onChange: (value: string) => void;
  translate: Translate;
  error?: string;
  required?: boolean;
}

/** The account's current password, proving who signs in or turns something off. */
export function PasswordField({ id, value, onChange, translate, error, required }: PasswordFieldProps) {
  return (
    <PlainTextField
      id={id}
      name="password"
      type="password"
      label={translate('app.auth.password')}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      required={required}
    />
  );
}
