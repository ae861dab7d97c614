import { useLanguage } from '../shell/LanguageProvider';
import { PlainTextField } from './PlainTextField';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** `username` where the address signs in, `email` where it only receives a message. */
  autoComplete: 'username' | 'email';
}

/** The e-mail input of the public pages: required, labelled from the catalogue, left to right in Arabic too. */
export function EmailField({ value, onChange, error, autoComplete }: EmailFieldProps) {
  const { translate } = useLanguage();
  return (
    <PlainTextField
      id="email"
      name="email"
      type="email"
      label={translate('app.auth.email')}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      required
      inputProps={{ dir: 'ltr' }}
    />
  );
}
