import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { createInactivityTimer, type InactivityTimer } from '../data/inactivity';
import { idleSettings } from './idleSettings';

interface Countdown {
  deadline: number;
  now: number;
}

/** Seconds left of a countdown, which ticks every second while it runs. */
function useSecondsLeft(countdown: Countdown | null, tick: (now: number) => void): number {
  const running = countdown !== null;
  useEffect(() => {
    if (!running) return undefined;
    const interval = setInterval(() => tick(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [running, tick]);
  return countdown ? Math.max(0, Math.ceil((countdown.deadline - countdown.now) / 1000)) : 0;
}

/**
 * The session-timeout warning (SPEC §2, §8): after a period without activity a dialog titled
 * "Session Timeout" counts down with a "Stay Logged In" button; when the count reaches zero the
 * user is signed out and sent to the sign-in page.
 */
export function InactivityGuard() {
  const translate = useTranslate();
  const logout = useLogout();
  const timer = useRef<InactivityTimer | null>(null);
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const tick = useCallback((now: number) => setCountdown((current) => current && { ...current, now }), []);
  const seconds = useSecondsLeft(countdown, tick);
  const signOut = useEffectEvent(() => {
    setCountdown(null);
    void logout();
  });

  useEffect(() => {
    const { idleMs, warnMs } = idleSettings();
    const created = createInactivityTimer({
      idleMs,
      warnMs,
      onWarn: (msLeft) => {
        const now = Date.now();
        setCountdown({ deadline: now + msLeft, now });
      },
      onTimeout: signOut,
    });
    timer.current = created;
    return () => created.stop();
  }, []);

  const stay = () => {
    setCountdown(null);
    timer.current?.stayLoggedIn();
  };

  return (
    <Dialog
      open={countdown !== null}
      onClose={stay}
      aria-labelledby="session-timeout-title"
      aria-describedby="session-timeout-body"
    >
      <DialogTitle id="session-timeout-title">{translate('app.session.timeout_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-timeout-body" role="timer" aria-live="polite">
          {translate('app.session.timeout_body', { seconds })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={stay}>
          {translate('app.session.stay_logged_in')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
