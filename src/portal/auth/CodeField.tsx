import type { Translate } from '../forms/translate';
import { PlainTextField } from './PlainTextField';

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  translate: Translate;
  error?: string;
}

/**
 * The 6-digit code of an authenticator app: a numeric keypad on phones, the code the phone offers
 * from a message or an app (`one-time-code`), and digits left to right in Arabic too.
 */
export function CodeField({ value, onChange, translate, error }: CodeFieldProps) {
  return (
    <PlainTextField
      id="two-factor-code"
      name="code"
      label={translate('app.two_factor.code')}
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      error={error ?? undefined}
      required
      inputProps={{ dir: 'ltr', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 }}
    />
  );
}
