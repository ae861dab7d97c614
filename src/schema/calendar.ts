/**
 * Calendar arithmetic of the date rules: dates are `YYYY-MM-DD` strings read in UTC, months are
 * whole calendar months (31 January plus one month is the last day of February), and "today"
 * comes from a clock that tests may replace.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

let clock: () => Date = () => new Date();

/** Replaces the clock the date rules read "today" from; without an argument, the real clock again. */
export function setClock(now?: () => Date): void {
  clock = now ?? (() => new Date());
}

/** The current instant of the clock the rules read. */
export const now = (): Date => clock();

/**
 * Runs `check` (synchronous) with the clock stopped at `instant`, then puts the clock back: a rule
 * about "now" checked for a write made then (demo data written as of its past dates).
 */
export function asOf<T>(instant: Date, check: () => T): T {
  const previous = clock;
  clock = () => instant;
  try {
    return check();
  } finally {
    clock = previous;
  }
}

/** Today's date in UTC, as `YYYY-MM-DD`. */
export function today(): string {
  return clock().toISOString().slice(0, 10);
}

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const format = ({ year, month, day }: CalendarDate) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The date of a `YYYY-MM-DD` value (a date-time counts by its date part), or null when it is none. */
export function parseDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** `date` moved by whole calendar months, the day kept or clamped to the end of a shorter month. */
export function addMonths(date: string, months: number): string {
  const parsed = parseDate(date);
  if (!parsed) throw new Error(`Not a date: ${date}`);
  const index = parsed.year * 12 + (parsed.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return format({ year, month, day: Math.min(parsed.day, daysInMonth(year, month)) });
}

/** `date` moved by whole days. */
export function addDays(date: string, days: number): string {
  const parsed = parseDate(date);
  if (!parsed) throw new Error(`Not a date: ${date}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days)).toISOString().slice(0, 10);
}

/** The `YYYY-MM-DD` form of a date value, for comparing dates as strings. */
export function dateOf(value: unknown): string | null {
  const parsed = parseDate(value);
  return parsed ? format(parsed) : null;
}
