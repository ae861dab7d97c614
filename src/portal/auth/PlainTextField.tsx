import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface PlainTextFieldProps extends Omit<OutlinedInputProps, 'error' | 'label'> {
  id: string;
  label: string;
  /** The message under the input; the input is marked invalid while there is one. */
  error?: string;
}

/**
 * A labelled outlined text input with its error under it. MUI's `TextField` would do the same
 * but brings its select mode (menus, popovers, modals) into the pages seen before sign-in, which
 * must stay small.
 */
export function PlainTextField({ id, label, error, required, ...input }: PlainTextFieldProps) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth required={required} error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={error ? helperId : undefined} {...input} />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
