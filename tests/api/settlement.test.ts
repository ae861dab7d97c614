import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { fromFils, toFils } from '../../src/shared/money';
import { TEST_CARDS } from '../../src/shared/pay';
import { unsettledBalance } from '../../src/server/payments/balance';
import { processDueRefunds } from '../../src/server/payments/refunds';
import {
  payOutTransfers,
  runDailySettlement,
  settleMerchant,
  settlePreviousDay,
} from '../../src/server/payments/settlement-run';
import type { Queryable } from '../../src/server/db/database';
import { holdMerchantTransfers, releaseMerchantTransfers } from '../../src/server/support/transfers';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, kuwaitDate, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * Settlement and payment transfers (SPEC §4): the nightly run pays each merchant's settled card and
 * wallet payments of the day, net of the gateway's fees and of the refunds processed since, into
 * one transfer to its IBAN, and the sandbox bank pays it out the day after; a run repeated, or two
 * at once, settle each transaction once; support holds and releases a merchant's transfers; the
 * merchant sends chosen transactions for transfer and downloads transfers as a ZIP of CSVs whose
 * sums are the transfers'; the transfer report takes `from` and `to` dates.
 */

const IBAN = 'KW81NBOK0000000000001000372151';
const quick = { kind: 'quick', customer_name: 'Noura Al-Rashidi', mobile: '96550001234', payment_methods: ['card'] };

/** An instant on the Kuwait date `days` from today, at `hour:minute` there. */
const at = (days: number, hour: number, minute = 0) =>
  new Date(`${kuwaitDate(days)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`);

const fils = (value: unknown) => toFils(String(value)) ?? 0n;

describe.each(DRIVERS)('settlement and payment transfers (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let payer: Payer;
  let merchantId: number;

  const ctx = () => server.app.bawaba;
  const db = () => server.app.bawaba.db;

  /** A card payment of `amount` (the success card unless told) made at `paidAt`; its transaction. */
  async function paid(amount: string, paidAt: Date, number: string = TEST_CARDS.success): Promise<Row> {
    setClock(() => paidAt);
    const invoice = await created(merchant, '/v1/invoice', { ...quick, amount });
    await payer.paid(invoice.reference_no, { method: 'card', card: card(number) });
    const [transaction] = await transactionsOf(server, invoice.reference_no);
    setClock();
    return transaction;
  }

  const transferOf = async (id: unknown) => {
    const [row] = await db().query<Row>(
      `select id, document_no, status, amount::text as amount, refunds_amount::text as refunds_amount,
         transaction_count, from_date::text as from_date, to_date::text as to_date, transfer_date::text as transfer_date,
         bank_name, bank_account, hold_reason
       from payment_transfers where id = $1::integer`,
      [id],
    );
    return row;
  };
  const transfersOfMerchant = () =>
    db().query<Row>(
      `select id, status, amount::text as amount, transaction_count from payment_transfers
       where merchant_id = $1::integer order by id`,
      [merchantId],
    );
  const transferIdsOf = async (ids: number[]) =>
    (
      await db().query<{ transfer_id: number | null }>(
        `select transfer_id from transactions where id in (select jsonb_array_elements_text($1::text::jsonb)::integer)
         order by id`,
        [JSON.stringify(ids)],
      )
    ).map((row) => row.transfer_id);
  const snapshot = async () => ({
    transfers: await transfersOfMerchant(),
    transactions: await db().query(
      `select id, transfer_id from transactions where merchant_id = $1::integer order by id`,
      [merchantId],
    ),
    refunds: await db().query(`select id, transfer_id from refunds where merchant_id = $1::integer order by id`, [
      merchantId,
    ]),
  });

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    payer = new Payer(server);
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    // The demo's own money up to today is settled and paid out first: what follows starts clean.
    await releaseMerchantTransfers(ctx(), ACCOUNTS.merchant.email);
    // A payment that covers the demo's refunds processed since its last transfer, deducted with them.
    await processDueRefunds(ctx(), at(1, 0, 30));
    await paid('1000.000', at(0, 23, 30));
    await settlePreviousDay(ctx(), at(1, 1));
    await payOutTransfers(ctx(), at(2, 0, 30));
  });
  afterAll(async () => {
    setClock();
    await server?.close();
  });
  afterEach(() => setClock());

  let dayTransfer: Row;
  let dayTransactions: Row[];

  it("makes one transfer of exactly the day's transactions, net of fees and refunds, to the merchant's IBAN", async () => {
    const first = await paid('100.000', at(2, 9));
    const second = await paid('40.000', at(2, 11));
    const declined = await paid('7.000', at(2, 12), TEST_CARDS.declined);
    expect(declined.status).toBe('failed');
    setClock(() => at(2, 13));
    const refund = await created(merchant, '/v1/refund', {
      transaction_id: first.id,
      method: 'partial',
      total_amount: first.amount,
      pending_amount: first.pending_amount,
      refund_amount: '10.000',
    });
    setClock();
    expect(await processDueRefunds(ctx(), at(2, 13, 30))).toBeGreaterThanOrEqual(1);

    const summary = await settlePreviousDay(ctx(), at(3, 1));
    expect(summary.transfers).toBe(1);
    const [transferId] = await transferIdsOf([first.id]);
    expect(transferId).not.toBeNull();
    expect(await transferIdsOf([second.id, declined.id])).toEqual([transferId, null]);
    const net = fils(first.net_amount) + fils(second.net_amount);
    expect(net).toBeLessThan(140_000n);
    dayTransfer = await transferOf(transferId);
    expect(dayTransfer).toMatchObject({
      status: 'not_transferred',
      amount: fromFils(net - 10_000n),
      refunds_amount: '10.000',
      transaction_count: 2,
      from_date: kuwaitDate(2),
      to_date: kuwaitDate(2),
      bank_name: 'National Bank of Kuwait',
      bank_account: IBAN,
    });
    expect(String(dayTransfer.document_no)).toMatch(/^PT/);
    dayTransactions = [first, second];
    const [refunded] = await db().query<{ transfer_id: number }>(`select transfer_id from refunds where id = $1`, [
      refund.id,
    ]);
    expect(refunded.transfer_id).toBe(transferId);

    // Not paid out yet: the gateway still holds it. Paid out the next day, nothing is left unsettled.
    expect(await unsettledBalance(db(), merchantId)).toBe(net - 10_000n);
    expect(await payOutTransfers(ctx(), at(3, 23))).toBe(0);
    expect(await payOutTransfers(ctx(), at(4, 0, 30))).toBe(1);
    expect(await transferOf(transferId)).toMatchObject({ status: 'transferred', transfer_date: kuwaitDate(4) });
    expect(await unsettledBalance(db(), merchantId)).toBe(0n);
  });

  it('shows the transfer on its transactions, and lists them by it', async () => {
    const listed = await merchant.list('/v1/report/transactions', { filter: { transfer_id: dayTransfer.id } });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json() as Row[];
    expect(rows.map((row) => row.id).sort()).toEqual(dayTransactions.map((row) => row.id).sort());
    expect(rows.every((row) => row.transfer_id === dayTransfer.id)).toBe(true);
    const other = await vendor.list('/v1/report/transactions', { filter: { transfer_id: dayTransfer.id } });
    expect(other.json()).toEqual([]);
  });

  it('changes nothing when run again, for that day or by the scheduler', async () => {
    const before = await snapshot();
    expect(await settlePreviousDay(ctx(), at(3, 5))).toEqual({ transfers: 0, paid: 0 });
    await runDailySettlement(ctx(), at(4, 2));
    await runDailySettlement(ctx(), at(4, 3));
    expect(await snapshot()).toEqual(before);
  });

  it('settles a transaction once when two runs go at once', async () => {
    const one = await paid('25.000', at(5, 10));
    const two = await paid('12.500', at(5, 11));
    const runs = await Promise.all([
      settleMerchant(ctx(), merchantId, kuwaitDate(5), at(6, 1)),
      settleMerchant(ctx(), merchantId, kuwaitDate(5), at(6, 1)),
      settlePreviousDay(ctx(), at(6, 1)),
    ]);
    const made = runs.filter((run) => run !== null && ('id' in run || run.transfers > 0));
    expect(made).toHaveLength(1);
    const [first, second] = await transferIdsOf([one.id, two.id]);
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(await transferOf(first)).toMatchObject({
      transaction_count: 2,
      amount: fromFils(fils(one.net_amount) + fils(two.net_amount)),
    });
  });

  it('holds the transfers support holds, with the reason, lists them on hold, and pays them out once released', async () => {
    const [waiting] = (await transfersOfMerchant()).filter((row) => row.status === 'not_transferred');
    expect(waiting).toBeDefined();
    expect(await holdMerchantTransfers(ctx(), ACCOUNTS.merchant.email, 'Compliance review')).toBe(1);
    expect(await transferOf(waiting.id)).toMatchObject({ status: 'on_hold', hold_reason: 'Compliance review' });

    // Made while held: held too; and the bank pays none of them out.
    const later = await paid('30.000', at(6, 10));
    await settlePreviousDay(ctx(), at(7, 1));
    const [heldId] = await transferIdsOf([later.id]);
    expect(await transferOf(heldId)).toMatchObject({ status: 'on_hold', hold_reason: 'Compliance review' });
    expect(await payOutTransfers(ctx(), at(8, 1))).toBe(0);

    const held = await merchant.get('/v1/report/payment-transfer', {
      query: { filter: JSON.stringify({ view: 'on_hold' }), from: kuwaitDate(0), to: kuwaitDate(9) },
    });
    expect(held.statusCode, held.body).toBe(200);
    expect((held.json() as Row[]).map((row) => row.id).sort()).toEqual([waiting.id, heldId].sort());

    expect(await releaseMerchantTransfers(ctx(), ACCOUNTS.merchant.email)).toBe(2);
    expect(await transferOf(waiting.id)).toMatchObject({ status: 'not_transferred' });
    expect((await transferOf(waiting.id)).hold_reason).toBeNull();
    expect(await payOutTransfers(ctx(), at(8, 1))).toBe(2);
    expect(await transferOf(heldId)).toMatchObject({ status: 'transferred', transfer_date: kuwaitDate(8) });
  });

  let sent: Row;

  it('sends the chosen transactions for transfer as one transfer, each once', async () => {
    const one = await paid('20.000', at(8, 10));
    const two = await paid('15.000', at(8, 11));
    const declined = await paid('5.000', at(8, 12), TEST_CARDS.declined);
    setClock(() => at(8, 13));
    const response = await merchant.post('/v1/payment-transfer/request', { transaction_ids: [one.id, two.id] });
    expect(response.statusCode, response.body).toBe(201);
    sent = response.json() as Row;
    expect(sent).toMatchObject({
      status: 'not_transferred',
      transaction_count: 2,
      amount: fromFils(fils(one.net_amount) + fils(two.net_amount)),
      bank_account: IBAN,
    });
    expect(await transferIdsOf([one.id, two.id])).toEqual([sent.id, sent.id]);

    const again = await merchant.post('/v1/payment-transfer/request', { transaction_ids: [one.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only settled card and wallet transactions not yet sent for transfer can be sent for transfer',
    );
    const arabic = await merchant.post(
      '/v1/payment-transfer/request',
      { transaction_ids: [declined.id] },
      { locale: 'ar' },
    );
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toBe('لا يمكن إرسال إلا معاملات البطاقات والمحافظ المسوّاة التي لم تُرسل للتحويل بعد');
    expect((await merchant.post('/v1/payment-transfer/request', { transaction_ids: [] })).statusCode).toBe(400);

    // The night's run finds nothing more of that day.
    expect((await settlePreviousDay(ctx(), at(9, 1))).transfers).toBe(0);
  });

  it("refuses another merchant's transactions as unknown, and writes nothing", async () => {
    const own = await paid('9.000', at(9, 10));
    setClock(() => at(9, 11));
    const foreign = await vendor.post('/v1/payment-transfer/request', { transaction_ids: [own.id] });
    expect(foreign.statusCode).toBe(404);
    const [other] = await db().query<{ id: number }>(
      `select id from transactions where merchant_id <> $1::integer and status = 'success' order by id limit 1`,
      [merchantId],
    );
    const mixed = await merchant.post('/v1/payment-transfer/request', { transaction_ids: [own.id, other.id] });
    expect(mixed.statusCode).toBe(404);
    expect(await transferIdsOf([own.id])).toEqual([null]);
  });

  it('downloads the chosen transfers as one ZIP of CSVs whose sums are the transfers', async () => {
    const ids = [dayTransfer.id, sent.id];
    const response = await merchant.get('/v1/report/payment-transfer/download', { query: { ids: ids.join(',') } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toHaveLength(3);
    for (const id of ids) {
      const transfer = await transferOf(id);
      const csv = strFromU8(files[`${String(transfer.document_no)}.csv`]).replace(/^\uFEFF/, '');
      const rows = csv
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
      const net = rows.filter((row) => row[0] === 'Transaction').reduce((sum, row) => sum + fils(row[7]), 0n);
      const refunds = rows
        .filter((row) => row[0] === 'Refund')
        .reduce((sum, row) => sum + fils(row[7].replace(/^-/, '')), 0n);
      expect(rows.filter((row) => row[0] === 'Refund').every((row) => row[7].startsWith('-'))).toBe(true);
      const total = rows.find((row) => row[0] === 'Total');
      expect(fromFils(net - refunds)).toBe(transfer.amount);
      expect(total?.[7]).toBe(transfer.amount);
      expect(rows.filter((row) => row[0] === 'Transaction')).toHaveLength(Number(transfer.transaction_count));
      expect(strFromU8(files['transfers.csv'])).toContain(`${String(transfer.transaction_count)},`);
    }
    // In Arabic: the same figures under Arabic headers, row kinds and statuses.
    const arabic = await merchant.get('/v1/report/payment-transfer/download', {
      query: { ids: String(sent.id) },
      locale: 'ar',
    });
    const sentTransfer = await transferOf(sent.id);
    const arabicCsv = strFromU8(
      unzipSync(new Uint8Array(arabic.rawPayload))[`${String(sentTransfer.document_no)}.csv`],
    );
    expect(arabicCsv).toContain('رقم المستند');
    expect(arabicCsv).toContain('معاملة,');
    expect(arabicCsv).toContain(`الإجمالي,,,,,,,${String(sentTransfer.amount)}`);
    const foreign = await vendor.get('/v1/report/payment-transfer/download', { query: { ids: String(sent.id) } });
    expect(foreign.statusCode).toBe(404);
    const bad = await merchant.get('/v1/report/payment-transfer/download', { query: { ids: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('lists payment transfers by the from and to dates of the query', async () => {
    const list = (from: string, to: string, filter: Record<string, unknown> = {}) =>
      merchant.get('/v1/report/payment-transfer', { query: { filter: JSON.stringify(filter), from, to } });
    const within = await list(kuwaitDate(1), kuwaitDate(10));
    expect(within.statusCode, within.body).toBe(200);
    const ids = (within.json() as Row[]).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([dayTransfer.id, sent.id]));
    const after = await list(kuwaitDate(20), kuwaitDate(25));
    expect(after.json()).toEqual([]);
    const tooLong = await list(kuwaitDate(1), kuwaitDate(70));
    expect(tooLong.statusCode).toBe(400);
    const undated = await merchant.get('/v1/report/payment-transfer', { query: { filter: '{}' } });
    expect(undated.statusCode).toBe(400);
  });
  it('keeps a transfer from being paid out while refunds processed since took its money; the balance never goes below zero', async () => {
    const refundedLater = await paid('100.000', at(10, 10));
    expect((await settlePreviousDay(ctx(), at(11, 1))).transfers).toBe(1);
    const [waitingId] = await transferIdsOf([refundedLater.id]);
    await paid('10.000', at(11, 9));
    setClock(() => at(11, 10));
    await created(merchant, '/v1/refund', {
      transaction_id: refundedLater.id,
      method: 'full',
      total_amount: refundedLater.amount,
      pending_amount: refundedLater.pending_amount,
      refund_amount: '100.000',
    });
    setClock();
    await processDueRefunds(ctx(), at(11, 10, 1));
    await payOutTransfers(ctx(), at(12, 0, 30));
    expect(await transferOf(waitingId)).toMatchObject({ status: 'not_transferred' });
    expect(await unsettledBalance(db(), merchantId)).toBeGreaterThanOrEqual(0n);
    // The refund is more than the next day's payments: no transfer, until later payments cover it.
    expect((await settlePreviousDay(ctx(), at(12, 1))).transfers).toBe(0);
    // A later payment covers it again: the next run pays it out, then settles the days since.
    await paid('200.000', at(12, 9));
    expect(await settlePreviousDay(ctx(), at(13, 1))).toEqual({ transfers: 1, paid: 1 });
    expect(await transferOf(waitingId)).toMatchObject({ status: 'transferred', transfer_date: kuwaitDate(13) });
    await payOutTransfers(ctx(), at(14, 0, 30));
    expect(await unsettledBalance(db(), merchantId)).toBe(0n);
  });

  it("posts the transfer's own two lines only: recording it on its transactions and refunds moves no money", async () => {
    const payment = await paid('60.000', at(14, 10));
    setClock(() => at(14, 11));
    const refund = await created(merchant, '/v1/refund', {
      transaction_id: payment.id,
      method: 'partial',
      total_amount: payment.amount,
      pending_amount: payment.pending_amount,
      refund_amount: '5.000',
    });
    setClock();
    await processDueRefunds(ctx(), at(14, 11, 30));
    const [last] = await db().query<{ id: number }>(`select coalesce(max(id), 0)::integer as id from ledger_entries`);
    const started = Date.now();
    expect((await settlePreviousDay(ctx(), at(15, 1))).transfers).toBe(1);

    const [transferId] = await transferIdsOf([payment.id]);
    const transfer = await transferOf(transferId);
    expect(transfer).toMatchObject({ transaction_count: 1, refunds_amount: '5.000' });
    const [recorded] = await db().query<{ transfer_id: number; updated_at: Date | string }>(
      `select transfer_id, updated_at from refunds where id = $1::integer`,
      [refund.id],
    );
    expect(recorded.transfer_id).toBe(transferId);
    expect(new Date(recorded.updated_at).getTime()).toBeGreaterThanOrEqual(started - 1000);
    const posted = await db().query<Row>(
      `select event, account, amount_fils::text as amount, transaction_id, refund_id, transfer_id from ledger_entries
       where id > $1::integer order by id`,
      [last.id],
    );
    const amount = fils(transfer.amount);
    expect(posted).toEqual([
      {
        event: 'transfer',
        account: 'merchant_balance',
        amount: String(-amount),
        transaction_id: null,
        refund_id: null,
        transfer_id: transferId,
      },
      {
        event: 'transfer',
        account: 'transfers_pending',
        amount: String(amount),
        transaction_id: null,
        refund_id: null,
        transfer_id: transferId,
      },
    ]);
    expect(amount).toBe(fils(payment.net_amount) - 5_000n);
  });

  it('names a refund only on the entries of the payment it refunded, never on a transfer that deducted it', async () => {
    const [named] = await db().query<{ count: number }>(
      `select count(*)::integer as count from ledger_entries
       where event in ('transfer', 'hold', 'release') and (refund_id is not null or capture_id is not null)`,
    );
    expect(named.count).toBe(0);
    const [refunds] = await db().query<{ count: number }>(
      `select count(*)::integer as count from ledger_entries where event = 'refund' and refund_id is not null`,
    );
    expect(refunds.count).toBeGreaterThan(0);
  });

  it('settles again, whole, when a payment became transferable after the run counted the day', async () => {
    const counted = await paid('40.000', at(40, 10));
    const late = await paid('15.000', at(41, 10));
    // Between the run's count and its write, the later payment turns up in the day (as a capture
    // or a settled pending payment would): the write finds more than was counted.
    let counts = 0;
    const db = ctx().db;
    const moving = {
      ...db,
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
        db.transaction((tx) =>
          fn({
            query: async (sql: string, params?: unknown[]) => {
              if (sql.includes('as count') && sql.includes('min(created_at)')) counts += 1;
              if (counts === 1 && sql.includes('update') && sql.includes('returning net_amount'))
                await tx.query(`update transactions set created_at = $2::timestamptz where id = $1::integer`, [
                  late.id,
                  at(40, 11).toISOString(),
                ]);
              return tx.query(sql, params);
            },
          } as Queryable),
        ),
    };
    const transfer = await settleMerchant({ ...ctx(), db: moving }, merchantId, kuwaitDate(40), at(41, 1));
    expect(counts).toBe(2);
    // The first try left nothing behind; the second made one transfer of what it counted.
    expect(await transferIdsOf([counted.id, late.id])).toEqual([transfer?.id, null]);
    expect(await transferOf(transfer?.id)).toMatchObject({
      transaction_count: 1,
      amount: fromFils(fils(counted.net_amount)),
    });
    expect((await transfersOfMerchant()).filter((row) => Number(row.id) > Number(transfer?.id))).toEqual([]);
  });
});
