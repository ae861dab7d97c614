import { addDays, addMonths } from '../../schema/calendar';

/**
 * The calendar of a contract: where it stands on a Kuwait day, how long it runs and where a
 * renewal for the same length ends. Dates are `YYYY-MM-DD`; a contract runs from its start to its
 * end, both days included.
 */

/** The longest a contract may run, as its schema's `x-dateRange` says. */
export const CONTRACT_MAX_MONTHS = 60;

/** How close its end is when a running contract is flagged as expiring. */
export const EXPIRING_WITHIN_DAYS = 30;

/** Where a contract's dates put it on `today`: not begun, running, or over. */
export function phaseOn(
  contract: { start_date: string; end_date: string },
  today: string,
): 'before' | 'during' | 'after' {
  if (today < contract.start_date) return 'before';
  return today > contract.end_date ? 'after' : 'during';
}

/** Whether a contract ending on `end` ends within `EXPIRING_WITHIN_DAYS` of `today` (today's end included). */
export const endsSoon = (end: string, today: string) => end >= today && end <= addDays(today, EXPIRING_WITHIN_DAYS);

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * A contract's length: whole calendar months when it runs exactly that (1 January to 31 December
 * is 12), else days.
 */
export function termOf(start: string, end: string): { months: number } | { days: number } {
  const next = addDays(end, 1);
  for (let months = 1; months <= CONTRACT_MAX_MONTHS; months++) {
    const after = addMonths(start, months);
    if (after === next) return { months };
    if (after > next) break;
  }
  return { days: dayNumber(next) - dayNumber(start) };
}

/** The end of a renewal for the same length, starting the day after the contract ends. */
export function renewedEnd(start: string, end: string): string {
  const term = termOf(start, end);
  const from = addDays(end, 1);
  return 'months' in term ? addDays(addMonths(from, term.months), -1) : addDays(from, term.days - 1);
}
