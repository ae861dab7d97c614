import ContentCopy from '@mui/icons-material/ContentCopy';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { createContext, useCallback, useContext, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { http } from '../shell/providers';
import { copyText } from './copyText';

/**
 * The merchant's keys on a record's page (`x-ui.secret`): masked until the account's password is
 * typed again (`POST /v1/keys/reveal`, which logs the reveal), then shown with a one-click Copy.
 * One reveal shows every key of the page, so the password is asked once.
 */

type Keys = Record<string, string>;

const MASK = '••••••••••••••••';

interface Revealed {
  keys?: Keys;
  ask(): void;
  hide(): void;
}

const RevealedKeys = createContext<Revealed | undefined>(undefined);

/** Holds the keys once revealed, and the dialog asking for the password, for a record's page. */
export function SecretsProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [keys, setKeys] = useState<Keys>();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setKeys(await http.post<Keys>('/keys/reveal', { password }));
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };
  const ask = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setKeys(undefined), []);
  const value = useMemo(() => ({ keys, ask, hide }), [keys, ask, hide]);
  return (
    <RevealedKeys.Provider value={value}>
      {children}
      <Dialog open={open} onClose={close} aria-labelledby="reveal-keys-title" fullWidth maxWidth="xs">
        <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id="reveal-keys-title">{translate('app.record.secret.confirm_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('app.record.secret.confirm_text')}</DialogContentText>
            <TextField
              fullWidth
              required
              type="password"
              name="password"
              autoComplete="current-password"
              label={translate('app.record.secret.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(error)}
              helperText={error}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy || password === ''}>
              {translate('app.record.secret.reveal')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </RevealedKeys.Provider>
  );
}

/** One key, by the name the reveal answers it under (`x-generated`): masked, or shown with Copy and Hide. */
export function SecretValue({ secret }: { secret: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const revealed = useContext(RevealedKeys);
  const value = revealed?.keys?.[secret];
  const copy = async () => {
    if (value === undefined) return;
    const copied = await copyText(value);
    notify(copied ? 'app.record.secret.copied' : 'app.record.secret.not_copied', {
      type: copied ? 'success' : 'warning',
    });
  };
  if (!revealed) return <span aria-label={translate('app.record.secret.hidden')}>{MASK}</span>;
  const copyLabel = translate('app.record.secret.copy');
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, maxWidth: '100%' }}
      data-secret={secret}
    >
      {value === undefined ? (
        <>
          <Box component="span" aria-label={translate('app.record.secret.hidden')} sx={{ letterSpacing: 1 }}>
            {MASK}
          </Box>
          <Button size="small" startIcon={<Visibility />} onClick={revealed.ask}>
            {translate('app.record.secret.reveal')}
          </Button>
        </>
      ) : (
        <>
          <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {value}
          </Box>
          <Tooltip title={copyLabel}>
            <IconButton size="small" aria-label={copyLabel} onClick={() => void copy()}>
              <ContentCopy fontSize="inherit" />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('app.record.secret.hide')}>
            <IconButton size="small" aria-label={translate('app.record.secret.hide')} onClick={revealed.hide}>
              <VisibilityOff fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Box>
  );
}
