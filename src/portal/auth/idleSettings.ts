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
 * How long a user may stay idle (SPEC §2; 15 minutes by default) and how long the warning counts
 * down before the end of it (one minute, or half the period when that is shorter). A deployment
 * sets `VITE_IDLE_MS` / `VITE_WARN_MS` at build time; a test page sets `window.__BAWABA_IDLE_MS__`.
 */
export function idleSettings(): { idleMs: number; warnMs: number } {
  const idleMs = positive(window.__BAWABA_IDLE_MS__) ?? positive(import.meta.env.VITE_IDLE_MS) ?? DEFAULT_IDLE_MS;
  const warnMs =
    positive(window.__BAWABA_WARN_MS__) ??
    positive(import.meta.env.VITE_WARN_MS) ??
    Math.min(DEFAULT_WARN_MS, idleMs / 2);
  return { idleMs, warnMs: Math.min(warnMs, idleMs) };
}
