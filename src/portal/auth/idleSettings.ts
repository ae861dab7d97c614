import { DEFAULT_IDLE_MS, DEFAULT_WARN_MS } from '../data/inactivity';

declare global {
  interface Window {
    /** Overrides the inactivity period before sign-out (ms); set by test harnesses before the page loads. */
    __BAWABA_IDLE_MS__?: number;
    /** Overrides how long the "Session Timeout" warning counts down (ms). */
    __BAWABA_WARN_MS__?: number;
  }
}

const positive = (value: unknown): number | undefined => {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : undefined;
};

/**
 * How long a user may stay idle and how long the warning counts down before the end of it (one
 * minute, or half the period when that is shorter). The period is the server's idle time-out
 * (`serverIdleMs`, from its keepalive answer; 15 minutes by default), so the warning and the
 * sign-out come when the server would end the session anyway. A deployment may set `VITE_WARN_MS`
 * at build time; a test page sets `window.__BAWABA_IDLE_MS__` / `__BAWABA_WARN_MS__`.
 */
export function idleSettings(serverIdleMs?: number): { idleMs: number; warnMs: number } {
  const idleMs = positive(window.__BAWABA_IDLE_MS__) ?? positive(serverIdleMs) ?? DEFAULT_IDLE_MS;
  const warnMs =
    positive(window.__BAWABA_WARN_MS__) ??
    positive(import.meta.env.VITE_WARN_MS) ??
    Math.min(DEFAULT_WARN_MS, idleMs / 2);
  return { idleMs, warnMs: Math.min(warnMs, idleMs) };
}

/**
 * How often activity on the page is reported to the server (at most): a tenth of the period, at
 * most 30 seconds. The page counts its idle time from the last report, never from activity the
 * server has not heard of, so the server's deadline is never earlier than the page's.
 */
export const reportEveryMs = (idleMs: number): number => Math.min(30_000, idleMs / 10);
