import type { Tenant } from '../../generated';
import { addDays, parseDate } from '../../schema/calendar';

/**
 * The calendar of a tenancy: when each rent period starts and ends and when its invoice is due.
 *
 * Periods of months (monthly, quarterly, half yearly, yearly) start on the tenant's invoice sending
 * day (1–30; in a month shorter than that, the month's last day): the first on the first sending
 * day on or after the contract's start, each next one that many months later. Daily and weekly
 * periods start on the contract's start and follow each other by one or seven days. A period ends
 * the day before the next one starts, or on the contract's end when that comes first; no period
 * starts after the contract's end. Its invoice is issued on its first day and due
 * `DUE_AFTER_DAYS` days later (on the period's last day, when it is shorter).
 */

export type RentPeriod = Tenant['rent_period'];

/** What a tenancy's calendar is made of. */
export interface RentSchedule {
  period: RentPeriod;
  /** 1–30. */
  sendingDay: number;
  /** `YYYY-MM-DD`. */
  contractStart: string;
  /** `YYYY-MM-DD`. */
  contractEnd: string;
}

/** One rent period: its first and last day and the day its invoice is due, as `YYYY-MM-DD`. */
export interface PeriodDates {
  start: string;
  end: string;
  due: string;
}

/** Days from a period's first day to the day its invoice is due. */
export const DUE_AFTER_DAYS = 5;

const MONTHS: Partial<Record<RentPeriod, number>> = { monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12 };
const DAYS: Partial<Record<RentPeriod, number>> = { daily: 1, weekly: 7 };

const DAY_MS = 86_400_000;
const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

function parsed(date: string) {
  const value = parseDate(date);
  if (!value) throw new Error(`Not a date: ${date}`);
  return value;
}

/** Whole days from the epoch to `date`. */
const dayNumber = (date: string) => {
  const { year, month, day } = parsed(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

/** Months from year 0 to the month of `date` (January 2026 → 2026 × 12). */
const monthNumber = (date: string) => {
  const { year, month } = parsed(date);
  return year * 12 + month - 1;
};

/** The sending day in the month numbered `index` (see `monthNumber`): the day, or the month's last day. */
export function sendingDate(index: number, sendingDay: number): string {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(sendingDay, last))}`;
}

/** The month (see `monthNumber`) of the first period of months. */
function firstMonth(schedule: RentSchedule): number {
  const month = monthNumber(schedule.contractStart);
  return sendingDate(month, schedule.sendingDay) < schedule.contractStart ? month + 1 : month;
}

/** The first day of period `index` (0 the first), whether or not the contract still runs then. */
function startOf(schedule: RentSchedule, index: number): string {
  const months = MONTHS[schedule.period];
  if (months) return sendingDate(firstMonth(schedule) + index * months, schedule.sendingDay);
  return addDays(schedule.contractStart, index * (DAYS[schedule.period] ?? 1));
}

/** The index of the last period starting on or before `date` (-1 when none does), the contract's end aside. */
function indexOn(schedule: RentSchedule, date: string): number {
  const months = MONTHS[schedule.period];
  let index = months
    ? Math.floor((monthNumber(date) - firstMonth(schedule)) / months)
    : Math.floor((dayNumber(date) - dayNumber(schedule.contractStart)) / (DAYS[schedule.period] ?? 1));
  if (index >= 0 && startOf(schedule, index) > date) index -= 1;
  return Math.max(index, -1);
}

/** Period `index` of the tenancy, or null when it would start after the contract's end. */
export function periodAt(schedule: RentSchedule, index: number): PeriodDates | null {
  if (index < 0) return null;
  const start = startOf(schedule, index);
  if (start > schedule.contractEnd) return null;
  const next = addDays(startOf(schedule, index + 1), -1);
  const end = next < schedule.contractEnd ? next : schedule.contractEnd;
  const due = addDays(start, DUE_AFTER_DAYS);
  return { start, end, due: due < end ? due : end };
}

/** The period under way on `date`, or null when none has started by then or the contract has ended. */
export function periodOn(schedule: RentSchedule, date: string): PeriodDates | null {
  const period = periodAt(schedule, indexOn(schedule, date));
  return period && period.end >= date ? period : null;
}

/**
 * The period to invoice now when the merchant asks on `date`: the one under way, else the first
 * one when it has not begun yet; null once the contract has ended, or when it has no period.
 */
export function currentPeriod(schedule: RentSchedule, date: string): PeriodDates | null {
  if (date > schedule.contractEnd) return null;
  const index = indexOn(schedule, date);
  return index < 0 ? periodAt(schedule, 0) : periodOn(schedule, date);
}

/** The first period starting after `date`, or null when the contract has none left. */
export function periodAfter(schedule: RentSchedule, date: string): PeriodDates | null {
  return periodAt(schedule, indexOn(schedule, date) + 1);
}

/**
 * The periods the schedule issues on `today`: with nothing invoiced yet (`lastStart` null), the
 * period under way, so a tenancy entered late starts with its current rent rather than with the
 * months before; after an invoice whose period began on `lastStart`, every period begun since, so a
 * server that was down catches up.
 */
export function periodsDue(schedule: RentSchedule, today: string, lastStart: string | null): PeriodDates[] {
  if (lastStart === null) {
    const period = periodOn(schedule, today);
    return period ? [period] : [];
  }
  const due: PeriodDates[] = [];
  const last = indexOn(schedule, today);
  for (let index = indexOn(schedule, lastStart) + 1; index <= last; index++) {
    const period = periodAt(schedule, index);
    if (!period) break;
    if (period.start > lastStart) due.push(period);
  }
  return due;
}
