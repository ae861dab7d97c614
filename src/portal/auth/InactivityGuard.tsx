import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { ACTIVITY_EVENTS, createInactivityTimer, type InactivityTimer } from '../data/inactivity';
import { http } from '../shell/providers';
import { idleSettings, reportEveryMs } from './idleSettings';

/**
 * Tells the server the session is in use; answers its idle time-out, or null when the call failed
 * (a session the server has ended signs the page out through the HTTP client's 401 handling).
 */
const keepAlive = () => http.post<{ idle_timeout_seconds: number }>('/session/keepalive').catch(() => null);

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
 *
 * The period is the server's idle time-out, and the server hears of the activity: opening the
 * back office, activity at most every `reportEveryMs`, and "Stay Logged In" each call
 * `/session/keepalive`. The page counts idle time from the last call, so it warns and signs out
 * no later than the server would end the session.
 */
export function InactivityGuard() {
  const translate = useTranslate();
  const logout = useLogout();
  const timer = useRef<InactivityTimer | null>(null);
  const lastReport = useRef(0);
  const warning = useRef(false);
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const tick = useCallback((now: number) => setCountdown((current) => current && { ...current, now }), []);
  const seconds = useSecondsLeft(countdown, tick);
  const signOut = useEffectEvent(() => {
    setCountdown(null);
    void logout();
  });

  useEffect(() => {
    let stopped = false;
    let reportEvery = Infinity;
    const onActivity = () => {
      const now = Date.now();
      if (!timer.current || warning.current || now - lastReport.current < reportEvery) return;
      lastReport.current = now;
      timer.current.touch();
      void keepAlive();
    };
    lastReport.current = Date.now();
    void keepAlive().then((answer) => {
      if (stopped) return;
      const { idleMs, warnMs } = idleSettings(answer ? answer.idle_timeout_seconds * 1000 : undefined);
      reportEvery = reportEveryMs(idleMs);
      timer.current = createInactivityTimer({
        idleMs,
        warnMs,
        // Activity counts only once the server has heard of it (`onActivity`).
        target: null,
        onWarn: (msLeft) => {
          warning.current = true;
          const now = Date.now();
          setCountdown({ deadline: now + msLeft, now });
        },
        onTimeout: signOut,
      });
    });
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      stopped = true;
      timer.current?.stop();
      timer.current = null;
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, []);

  const stay = () => {
    setCountdown(null);
    warning.current = false;
    lastReport.current = Date.now();
    timer.current?.stayLoggedIn();
    void keepAlive();
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
          {translate('app.session.timeout_body', { smart_count: seconds })}
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
