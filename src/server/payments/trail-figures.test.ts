import { describe, expect, it } from 'vitest';
import { move, type LedgerEvent, type Line } from '../ledger/accounts';
import type { EntrySum } from '../ledger/trail-sums';
import { figuresOf, settlementOf, totalsOf } from './trail-figures';

/**
 * The money trail's figures from a chain's ledger sums: what was paid, refunded and charged, where
 * the net is (in which transfer, unsettled, in cash), and that the chain balances only when every
 * refund movement is tied to a refund of the chain.
 */

/** The lines as the sums of transaction `id`'s entries, of request `refundId` when given. */
const sums = (transactionId: number, lines: Line[], refundId: number | null = null): EntrySum[] =>
  lines.map((line) => ({
    transactionId,
    refundId,
    captureId: null,
    event: line.event,
    account: line.account,
    amount: line.amount,
  }));

const payment = (id: number, amount: bigint, fee: bigint, commission: bigint, event: LedgerEvent = 'payment') =>
  sums(id, [
    ...move(event, event === 'capture' ? 'authorizations' : 'payer', 'merchant_balance', amount),
    ...move('fee', 'merchant_balance', 'fees', fee),
    ...move('commission', 'merchant_balance', 'commission', commission),
  ]);

describe('money trail figures', () => {
  const entries = [
    ...payment(1, 15_000n, 375n, 75n),
    ...sums(1, move('refund', 'merchant_balance', 'payer', 5_000n), 9),
    ...sums(2, move('authorization', 'payer', 'authorizations', 12_500n)),
    ...payment(2, 12_500n, 313n, 63n, 'capture'),
  ];

  it("sums what was paid, captured, refunded and charged, and the merchant's net", () => {
    expect(figuresOf(entries)).toEqual({
      paid: 27_500n,
      captured: 12_500n,
      held: 0n,
      refunded: 5_000n,
      fees: 688n,
      commission: 138n,
      net: 27_500n - 5_000n - 688n - 138n,
      cash: 0n,
    });
  });

  it('puts each net and refund in the transfer its record names, the rest unsettled, and balances', () => {
    const settlement = settlementOf(
      entries,
      [
        { id: 1, transfer_id: 7 },
        { id: 2, transfer_id: null },
      ],
      [{ id: 9, transfer_id: 8 }],
    );
    expect(settlement.shares).toEqual(
      new Map([
        [7, 15_000n - 450n],
        [8, -5_000n],
      ]),
    );
    expect(settlement.unsettled).toBe(12_500n - 376n);
    const status = (id: number) => (id === 7 ? 'transferred' : 'on_hold');
    const totals = totalsOf(figuresOf(entries), settlement, status);
    expect(totals).toMatchObject({ transferred: 14_550n, onHold: -5_000n, inTransfer: 0n, difference: 0n });
    expect(totals.owed).toBe(-5_000n + 12_124n);
  });

  it('counts cash as held by the merchant, its admin charge owed by it', () => {
    const cash = sums(3, [
      ...move('payment', 'cash_payer', 'cash_received', 4_000n),
      ...move('fee', 'merchant_balance', 'fees', 100n),
    ]);
    const totals = totalsOf(figuresOf(cash), settlementOf(cash, [{ id: 3, transfer_id: null }], []), () => '');
    expect(totals).toMatchObject({ paid: 4_000n, cash: 4_000n, unsettled: -100n, net: 3_900n, difference: 0n });
  });

  it('shows a refund movement tied to no refund of the chain as a difference', () => {
    const untied = [...payment(1, 10_000n, 0n, 0n), ...sums(1, move('refund', 'merchant_balance', 'payer', 2_000n))];
    const totals = totalsOf(figuresOf(untied), settlementOf(untied, [{ id: 1, transfer_id: null }], []), () => '');
    expect(totals.difference).toBe(-2_000n);
  });
});
