import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import type { SavedView } from '../../../generated/saved_view';

/** What a saved view holds, as the list is shown now. */
export type ViewState = Pick<SavedView, 'list' | 'filters' | 'columns' | 'sort'>;

const NAME_LIMIT = 60;

/** The message of a refused save: the server's for the name (a duplicate), else its message. */
function refusal(error: unknown): string {
  const body = (error as { body?: { errors?: Record<string, string> } } | null)?.body;
  const named = body?.errors?.name;
  if (named) return named;
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Save this view…": asks the view's name and saves the list's current filters, sort and columns
 * under it, as the signed-in user's own view of this list. A refusal (the name already used for
 * this list, or too long) shows under the name, and the dialog stays open to correct it.
 */
export function SaveViewDialog({
  open,
  state,
  onClose,
  onSaved,
}: {
  open: boolean;
  state: ViewState;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [create, { isPending }] = useCreate<SavedView>();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setName('');
    setProblem(null);
    onClose();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem(translate('validation.required'));
      return;
    }
    void create(
      'saved_view',
      { data: { ...state, name: trimmed } },
      {
        onSuccess: () => {
          notify('app.saved_views.saved', { type: 'success', messageArgs: { name: trimmed } });
          setName('');
          setProblem(null);
          onSaved();
        },
        onError: (error) => setProblem(refusal(error)),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>{translate('app.saved_views.dialog_title')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            required
            margin="dense"
            label={translate('app.saved_views.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? translate('app.saved_views.name_hint')}
            slotProps={{ htmlInput: { maxLength: NAME_LIMIT } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('app.saved_views.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained" disabled={isPending}>
            {translate('app.saved_views.confirm')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
