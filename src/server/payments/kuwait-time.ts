/**
 * Kuwait keeps UTC+3 all year (no daylight saving): "today" for expiry dates and due dates is the
 * date there, not in UTC.
 */

const KUWAIT_OFFSET_MS = 3 * 3_600_000;

/** The date in Kuwait at `now`, as `YYYY-MM-DD`. */
export function kuwaitToday(now: Date): string {
  return new Date(now.getTime() + KUWAIT_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in Kuwait that starts the Kuwait date `day` (`YYYY-MM-DD`). */
export function kuwaitDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** The instant the Kuwait month of `now` began (midnight of its first day in Kuwait). */
export function kuwaitMonthStart(now: Date): Date {
  const [year, month] = kuwaitToday(now).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, 1) - KUWAIT_OFFSET_MS);
}
