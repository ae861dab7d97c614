import Alert from '@mui/material/Alert';
import type { SubmitErrors } from './submitErrors';

/**
 * The message for a whole form that could not be sent, above the form and announced to screen
 * readers; the fields' own messages show under them.
 */
export function SubmitErrorAlert({ errors }: { errors: SubmitErrors }) {
  if (!errors.message) return null;
  return (
    <Alert severity="error" role="alert">
      {errors.message}
    </Alert>
  );
}
