import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../shared/pay';
import { ApiError } from '../kernel/api-error';
import { feesOf } from './fees';
import { kuwaitToday } from './kuwait-time';
import { splitFils } from './parts';
import { charge, checkCard } from './processor';
import { nextChargeAfter } from './subscriptions';

/** The sandbox processor, fees, parts and periods: the arithmetic of payments, without a database. */

const at = new Date('2026-11-30T22:30:00Z'); // Already 1 December in Kuwait.
const valid = { number: TEST_CARDS.success, expiry: '12/26', cvv: '123', holder: 'A Payer' };

function fieldsOf(run: () => void): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return Object.keys(error.fields).sort();
    throw error;
  }
  return [];
}

describe('sandbox card processor', () => {
  it('accepts a card valid through this month in Kuwait, spaces in its number, and a 4-digit CVV', () => {
    expect(fieldsOf(() => checkCard(valid, at))).toEqual([]);
    expect(fieldsOf(() => checkCard({ ...valid, number: '4111 1111 1111 1111', cvv: '1234' }, at))).toEqual([]);
  });

  it('refuses a card that expired last month in Kuwait, a bad number and a bad CVV, all at once', () => {
    expect(fieldsOf(() => checkCard({ ...valid, expiry: '11/26' }, at))).toEqual(['card.expiry']);
    for (const expiry of ['1/27', '00/27', '13/27', '12/2027', 'ab/cd'])
      expect(
        fieldsOf(() => checkCard({ ...valid, expiry }, at)),
        expiry,
      ).toEqual(['card.expiry']);
    expect(
      fieldsOf(() => checkCard({ number: '4111111111111112', expiry: '12/26', cvv: '12', holder: '' }, at)),
    ).toEqual(['card.cvv', 'card.number']);
    expect(fieldsOf(() => checkCard(undefined, at))).toEqual(['card']);
  });

  it('answers each test card as documented, keeping the last four digits only', () => {
    const outcome = (number: string) => {
      const result = charge({ amount: 1000n, method: 'card', card: { ...valid, number } }, at);
      return [result.status, result.resultCode, result.cardLast4, result.authCode !== null];
    };
    expect(outcome(TEST_CARDS.success)).toEqual(['success', 'CAPTURED', '1111', true]);
    expect(outcome(TEST_CARDS.declined)).toEqual(['failed', 'DECLINED', '0002', false]);
    expect(outcome(TEST_CARDS.insufficientFunds)).toEqual(['failed', 'INSUFFICIENT_FUNDS', '9995', false]);
    expect(outcome(TEST_CARDS.pending)).toEqual(['pending', 'PENDING', '0259', false]);
    expect(outcome('5555555555554444')).toEqual(['failed', 'NOT_SUPPORTED', '4444', false]);
    expect(charge({ amount: 1000n, method: 'apple_pay' }, at).status).toBe('success');
    expect(charge({ amount: 1000n, method: 'cash' }, at)).toMatchObject({
      status: 'pending',
      resultCode: 'CASH_PENDING',
    });
  });
});

describe('money of payments', () => {
  it('takes fees in whole fils, half a fils rounded up', () => {
    expect(feesOf(25_500n, 'card')).toEqual({ adminCharge: 638n, commission: 0n, net: 24_862n });
    expect(feesOf(25n, 'google_pay')).toEqual({ adminCharge: 1n, commission: 0n, net: 24n });
    expect(feesOf(24n, 'apple_pay')).toEqual({ adminCharge: 0n, commission: 0n, net: 24n });
    expect(feesOf(99_000n, 'cash')).toEqual({ adminCharge: 0n, commission: 0n, net: 99_000n });
  });

  it('splits an amount into parts that sum to it, the remainder on the first parts', () => {
    expect(splitFils(10_000n, 3)).toEqual([3_334n, 3_333n, 3_333n]);
    expect(splitFils(7n, 4)).toEqual([2n, 2n, 2n, 1n]);
    for (const [total, count] of [
      [1n, 12],
      [999_999n, 7],
      [100_000n, 24],
    ] as const)
      expect(splitFils(total, count).reduce((sum, part) => sum + part, 0n)).toBe(total);
  });
});

describe('periods and dates', () => {
  it('plans the next charge one period later, calendar months clamped to the month end', () => {
    const from = new Date('2026-01-31T10:00:00Z');
    expect(nextChargeAfter('hourly', from)?.toISOString()).toBe('2026-01-31T11:00:00.000Z');
    expect(nextChargeAfter('daily', from)?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(nextChargeAfter('weekly', from)?.toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(nextChargeAfter('monthly', from)?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(nextChargeAfter('quarterly', from)?.toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(nextChargeAfter('half_yearly', from)?.toISOString()).toBe('2026-07-31T10:00:00.000Z');
    expect(nextChargeAfter('yearly', new Date('2028-02-29T00:00:00Z'))?.toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(nextChargeAfter('on_demand', from)).toBeNull();
  });

  it('reads today in Kuwait time', () => {
    expect(kuwaitToday(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-30');
    expect(kuwaitToday(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
  });
});
