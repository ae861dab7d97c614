/**
 * How long a signed-in session may go unused before it ends: the server refuses its tokens after
 * this long without a request, and the portal warns, then signs out, after this long without
 * activity. One value for both, so the warning never promises time the server no longer gives.
 */
export const IDLE_TIMEOUT_MS = 15 * 60_000;
