import { IDLE_TIMEOUT_MS } from '../../shared/session';

/**
 * Idle tracking for the "Session Timeout" warning (SPEC §2, §8). After `idleMs - warnMs` without
 * activity `onWarn` fires (the UI shows the dialog with "Stay Logged In"); at `idleMs` `onTimeout`
 * fires (the UI signs out). While the warning shows, only `stayLoggedIn()` counts: moving the mouse
 * over the dialog must not silently dismiss it. Deadlines are checked against the clock, so a tab
 * that slept past them times out at once.
 */

/** The server's idle time-out unless it says otherwise (the keepalive answer). */
export const DEFAULT_IDLE_MS = IDLE_TIMEOUT_MS;
export const DEFAULT_WARN_MS = 60_000;
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

type ActivityTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface InactivityOptions {
  idleMs?: number;
  warnMs?: number;
  /** Receives the milliseconds left before the time-out. */
  onWarn: (msLeft: number) => void;
  onTimeout: () => void;
  now?: () => number;
  /** Where activity is listened for; default `window`; `null` to rely on `touch()` only. */
  target?: ActivityTarget | null;
  events?: readonly string[];
  /** Activity events are handled at most once per this many ms (pointer moves fire constantly). */
  throttleMs?: number;
}

export interface InactivityTimer {
  /** Records activity (ignored while the warning shows). */
  touch(): void;
  /** Dismisses the warning and starts a new idle period. */
  stayLoggedIn(): void;
  /** Stops timers and listeners (sign-out, unmount). */
  stop(): void;
}

/** Starts tracking inactivity now. */
export function createInactivityTimer(options: InactivityOptions): InactivityTimer {
  const { idleMs = DEFAULT_IDLE_MS, warnMs = DEFAULT_WARN_MS, onWarn, onTimeout, now = Date.now } = options;
  const { events = ACTIVITY_EVENTS, throttleMs = 1000 } = options;
  const target = options.target === undefined ? (globalThis.window ?? null) : options.target;
  const warnAfter = Math.max(0, idleMs - warnMs);

  let lastActivity = now();
  let lastHandled = -Infinity;
  let warning = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function check() {
    clearTimeout(timer);
    if (stopped) return;
    const idle = now() - lastActivity;
    if (idle >= idleMs) {
      stop();
      onTimeout();
      return;
    }
    if (!warning && idle >= warnAfter) {
      warning = true;
      onWarn(idleMs - idle);
    }
    timer = setTimeout(check, (warning ? idleMs : warnAfter) - idle);
  }

  const onActivity = () => {
    const time = now();
    if (time - lastHandled < throttleMs) return;
    lastHandled = time;
    touch();
  };

  // Activity only moves the start of the idle period; the pending check reschedules itself.
  function touch() {
    if (!stopped && !warning) lastActivity = now();
  }

  function stayLoggedIn() {
    if (stopped) return;
    warning = false;
    lastActivity = now();
    check();
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
    for (const event of events) target?.removeEventListener(event, onActivity);
  }

  for (const event of events) target?.addEventListener(event, onActivity, { passive: true });
  check();
  return { touch, stayLoggedIn, stop };
}
