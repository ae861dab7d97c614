import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromFils } from '../../shared/money';
import { applyLines, sumOf, type Balances, type Line } from './accounts';
import { NO_PAYMENT, paymentBalances, paymentLines, paymentStateOf, type PaymentState } from './payment-projection';
import { transferBalances, transferLines } from './transfer-projection';

/** Balances without the accounts that hold nothing, for comparing. */
const held = (balances: Balances): Balances =>
  Object.fromEntries(Object.entries(balances).filter(([, amount]) => amount !== 0n));

/** A transaction row as the store reads it, with its money columns as KWD strings. */
const row = (status: string, money: Partial<Record<string, bigint>>, method = 'card') => ({
  id: 1,
  status,
  payment_method: method,
  ...Object.fromEntries(Object.entries(money).map(([name, fils]) => [name, fromFils(fils ?? 0n)])),
});

/** Every state a transaction's flows leave it in: a card payment of 10.000, its capture and refunds, and cash. */
const STATES = {
  pending: row('pending', {}),
  failed: row('failed', {}),
  authorized: row('authorized', { pending_amount: 10_000n }),
  voided: row('voided', {}),
  success: row('success', { captured_amount: 10_000n, pending_amount: 10_000n, admin_charge: 250n, commission: 50n }),
  capturedPart: row('success', { captured_amount: 6_000n, pending_amount: 6_000n, admin_charge: 150n }),
  refundAsked: row('success', {
    captured_amount: 10_000n,
    pending_amount: 6_000n,
    admin_charge: 250n,
    commission: 50n,
  }),
  refundedPart: row('success', {
    captured_amount: 10_000n,
    pending_amount: 6_000n,
    refunded_amount: 4_000n,
    admin_charge: 250n,
    commission: 50n,
  }),
  refunded: row('refunded', {
    captured_amount: 10_000n,
    refunded_amount: 10_000n,
    admin_charge: 250n,
    commission: 50n,
  }),
  cashPending: row('pending', {}, 'cash'),
  cashPaid: row('success', { captured_amount: 10_000n, pending_amount: 10_000n }, 'cash'),
};

const expectBalanced = (lines: Line[]) => {
  expect(sumOf(lines)).toBe(0n);
  for (const event of new Set(lines.map((line) => line.event)))
    expect(sumOf(lines.filter((line) => line.event === event))).toBe(0n);
};

describe('the payment projection', () => {
  it('projects each state as the accounts say', () => {
    expect(held(paymentBalances(paymentStateOf(STATES.authorized)))).toEqual({
      payer: -10_000n,
      authorizations: 10_000n,
    });
    expect(held(paymentBalances(paymentStateOf(STATES.success)))).toEqual({
      payer: -10_000n,
      merchant_balance: 9_700n,
      fees: 250n,
      commission: 50n,
    });
    // A request waiting to be processed moves no money; a processed refund goes back to the payer out of the balance.
    expect(paymentBalances(paymentStateOf(STATES.refundAsked))).toEqual(
      paymentBalances(paymentStateOf(STATES.success)),
    );
    expect(held(paymentBalances(paymentStateOf(STATES.refunded)))).toEqual({
      merchant_balance: -300n,
      fees: 250n,
      commission: 50n,
    });
    expect(held(paymentBalances(paymentStateOf(STATES.cashPaid)))).toEqual({
      cash_payer: -10_000n,
      cash_received: 10_000n,
    });
    for (const state of ['pending', 'failed', 'voided', 'cashPending'] as const)
      expect(held(paymentBalances(paymentStateOf(STATES[state])))).toEqual({});
  });

  it('balances every transition between states, each event on its own, and lands on the projection', () => {
    for (const before of Object.values(STATES))
      for (const after of Object.values(STATES)) {
        const lines = paymentLines(paymentStateOf(before), paymentStateOf(after));
        expectBalanced(lines);
        expect(held(applyLines(lines, paymentBalances(paymentStateOf(before))))).toEqual(
          held(paymentBalances(paymentStateOf(after))),
        );
      }
  });

  it('names what happened: a partial capture captures, lets the rest go and charges its fee', () => {
    const lines = paymentLines(paymentStateOf(STATES.authorized), paymentStateOf(STATES.capturedPart));
    expect(lines).toEqual([
      { event: 'capture', account: 'authorizations', amount: -6_000n },
      { event: 'capture', account: 'merchant_balance', amount: 6_000n },
      { event: 'void', account: 'authorizations', amount: -4_000n },
      { event: 'void', account: 'payer', amount: 4_000n },
      { event: 'fee', account: 'merchant_balance', amount: -150n },
      { event: 'fee', account: 'fees', amount: 150n },
    ]);
    expect(new Set(paymentLines(NO_PAYMENT, paymentStateOf(STATES.success)).map((line) => line.event))).toEqual(
      new Set(['payment', 'fee', 'commission']),
    );
    expect(paymentLines(paymentStateOf(STATES.refundAsked), paymentStateOf(STATES.refundedPart))).toEqual([
      { event: 'refund', account: 'merchant_balance', amount: -4_000n },
      { event: 'refund', account: 'payer', amount: 4_000n },
    ]);
  });

  it('balances any two states whatever their amounts', () => {
    const fils = fc.bigInt({ min: 0n, max: 10n ** 15n });
    const state: fc.Arbitrary<PaymentState> = fc.record({
      cash: fc.boolean(),
      held: fils,
      captured: fils,
      refunded: fils,
      adminCharge: fils,
      commission: fils,
    });
    fc.assert(
      fc.property(state, state, (before, after) => {
        const lines = paymentLines(before, after);
        expectBalanced(lines);
        expect(held(applyLines(lines, paymentBalances(before)))).toEqual(held(paymentBalances(after)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the transfer projection', () => {
  const transfer = (status: string, amount = '120.500', document_no = 'TR-1') => ({
    id: 7,
    status,
    amount,
    document_no,
  });

  it('takes the amount out of the balance into the account of its status', () => {
    expect(transferBalances(transfer('not_transferred'))).toEqual({
      merchant_balance: -120_500n,
      transfers_pending: 120_500n,
    });
    expect(transferBalances(transfer('on_hold'))).toEqual({ merchant_balance: -120_500n, transfers_on_hold: 120_500n });
    expect(transferBalances(transfer('transferred'))).toEqual({ merchant_balance: -120_500n, merchant_bank: 120_500n });
  });

  it('balances every change of status, named hold, release or transfer', () => {
    const statuses = [null, 'not_transferred', 'on_hold', 'transferred'];
    for (const from of statuses)
      for (const to of statuses) {
        const before = from === null ? null : transfer(from);
        const after = to === null ? null : transfer(to);
        const lines = transferLines(before, after);
        expectBalanced(lines);
        expect(held(applyLines(lines, transferBalances(before)))).toEqual(held(transferBalances(after)));
      }
    expect(transferLines(transfer('not_transferred'), transfer('on_hold')).map((line) => line.event)).toEqual([
      'hold',
      'hold',
    ]);
    expect(new Set(transferLines(transfer('on_hold'), transfer('not_transferred')).map((l) => l.event))).toEqual(
      new Set(['release']),
    );
    expect(new Set(transferLines(transfer('not_transferred'), transfer('transferred')).map((l) => l.event))).toEqual(
      new Set(['transfer']),
    );
  });
});
