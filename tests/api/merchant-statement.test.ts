import { strFromU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import type { MerchantStatement, StatementLine } from '../../src/shared/merchant-statement';
import { fromFils, toFils } from '../../src/shared/money';
import { TEST_CARDS } from '../../src/shared/pay';
import { parseCsvText } from '../../src/shared/spreadsheet/csv';
import { parseXlsx } from '../../src/shared/spreadsheet/xlsx';
import { statementOf } from '../../src/server/ledger/statement';
import { STATEMENT_LINES_BACKFILL, statementLineMismatches } from '../../src/server/ledger/statement-lines';
import { processDueRefunds } from '../../src/server/payments/refunds';
import { payOutTransfers, settlePreviousDay } from '../../src/server/payments/settlement-run';
import { holdMerchantTransfers, releaseMerchantTransfers } from '../../src/server/support/transfers';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, kuwaitDate, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';

/**
 * The merchant statement (SPEC §1): over Kuwait days, the balance the gateway owes the merchant at
 * the start, every payment, capture, refund, fee, commission and transfer as a line with its
 * running balance, and the balance at the end, which the ledger confirms. Driven through real
 * flows: invoices paid on their links, a refund processed, an authorisation captured, the
 * settlement run's transfer and its payment to the bank.
 */

const quick = { kind: 'quick', customer_name: 'Noura Al-Rashidi', mobile: '96550001234', payment_methods: ['card'] };
const DAY = 20;

/** An instant on the Kuwait date `days` from today, at `hour:minute` there. */
const at = (days: number, hour: number, minute = 0) =>
  new Date(`${kuwaitDate(days)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`);

const fils = (value: unknown) => {
  const text = String(value);
  return text.startsWith('-') ? -(toFils(text.slice(1)) ?? 0n) : (toFils(text) ?? 0n);
};

describe.each(DRIVERS)('the merchant statement (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let staff: Client;
  let salesEmployee: Client;
  let payer: Payer;
  let merchantId: number;
  const ctx = () => server.app.bawaba;
  const db = () => server.app.bawaba.db;

  const paid = async (amount: string, paidAt: Date): Promise<Row> => {
    setClock(() => paidAt);
    const invoice = await created(merchant, '/v1/invoice', { ...quick, amount });
    await payer.paid(invoice.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    const [transaction] = await transactionsOf(server, invoice.reference_no);
    setClock();
    return transaction;
  };

  /** The sum of the balance's entries before `instant`, read straight from the entries. */
  const entriesBefore = async (instant: Date) => {
    const [row] = await db().query<{ amount: string | null }>(
      `select sum(amount_fils)::text as amount from ledger_entries where merchant_id = $1::integer
         and account in ('merchant_balance', 'transfers_pending', 'transfers_on_hold') and at < $2::timestamptz`,
      [merchantId, instant.toISOString()],
    );
    return BigInt(row?.amount ?? 0);
  };

  const statement = async (from: string, to: string, extra: Record<string, string> = {}, client = merchant) => {
    const response = await client.get('/v1/report/merchant-statement', { query: { from, to, ...extra } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MerchantStatement;
  };

  /** A scheduler's pass at `instant`, with the clock the ledger dates its entries by set there. */
  const runAt = async <T>(instant: Date, pass: (instant: Date) => Promise<T>): Promise<T> => {
    setClock(() => instant);
    try {
      return await pass(instant);
    } finally {
      setClock();
    }
  };

  let first: Row;
  let second: Row;
  let captured: Row;
  let refund: Row;
  let transfer: { id: number; amount: string; document_no: string };

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    salesEmployee = await Client.signIn(server.app, { email: 'faisal@demo.test', password: 'Faisal@1234' });
    payer = new Payer(server);
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    // The demo's money up to the statement's day is settled and paid out first.
    await releaseMerchantTransfers(ctx(), ACCOUNTS.merchant.email);
    await runAt(at(DAY - 2, 0, 30), (now) => processDueRefunds(ctx(), now));
    await paid('1000.000', at(DAY - 2, 23, 30));
    await runAt(at(DAY - 1, 1), (now) => settlePreviousDay(ctx(), now));
    await runAt(at(DAY - 1, 2), (now) => payOutTransfers(ctx(), now));

    // The statement's day: two payments, a refund of the first, and an authorisation captured.
    first = await paid('100.000', at(DAY, 9));
    second = await paid('40.000', at(DAY, 11));
    setClock(() => at(DAY, 12));
    refund = await created(merchant, '/v1/refund', {
      transaction_id: first.id,
      method: 'partial',
      total_amount: first.amount,
      pending_amount: first.pending_amount,
      refund_amount: '10.000',
    });
    setClock();
    await runAt(at(DAY, 12, 30), (now) => processDueRefunds(ctx(), now));
    setClock(() => at(DAY, 13));
    const service = await created(merchant, '/v1/multi-vendor/services', {
      service_type: 'quick_invoice',
      payment_type: 'credit_card',
      capture_type: 'full',
      capture_days: 2,
    });
    const authorised = await created(merchant, '/v1/invoice', { ...quick, amount: '20.000' });
    await payer.paid(authorised.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    [captured] = await transactionsOf(server, authorised.reference_no);
    expect(captured.status).toBe('authorized');
    setClock(() => at(DAY, 14));
    const capture = await merchant.post('/v1/capture', {
      transaction_id: captured.id,
      capture_type: 'full',
      amount: '20.000',
    });
    expect(capture.json()).toMatchObject({ status: 'captured' });
    expect((await merchant.delete(`/v1/multi-vendor/services/${service.id}`)).statusCode).toBeLessThan(300);
    setClock();
    [captured] = await transactionsOf(server, authorised.reference_no);
    [first] = await db().query<Row>(`select * from transactions where id = $1::integer`, [first.id]);

    // The next night's run makes the day's transfer; the bank pays it out the night after.
    await runAt(at(DAY + 1, 1), (now) => settlePreviousDay(ctx(), now));
    // Support holds the merchant's transfers for an hour and releases them: moves inside the balance.
    await runAt(at(DAY + 1, 9), () => holdMerchantTransfers(ctx(), ACCOUNTS.merchant.email, 'Documents to check'));
    await runAt(at(DAY + 1, 10), () => releaseMerchantTransfers(ctx(), ACCOUNTS.merchant.email));
    await runAt(at(DAY + 2, 0, 30), (now) => payOutTransfers(ctx(), now));
    [transfer] = await db().query<{ id: number; amount: string; document_no: string }>(
      `select t.id, t.amount::text as amount, t.document_no from payment_transfers t
        where t.id = (select transfer_id from transactions where id = $1::integer)`,
      [first.id],
    );
    expect(transfer).toBeDefined();
  });
  afterAll(async () => {
    setClock();
    await server?.close();
  });
  afterEach(() => setClock());

  it('opens with the ledger’s balance, lines every movement, and closes on the balance the ledger holds', async () => {
    const report = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2));
    expect(report.reconciles).toBe(true);
    expect(report.merchant.id).toBe(merchantId);
    expect(report.accounts).toEqual(['merchant_balance', 'transfers_pending', 'transfers_on_hold']);
    expect(fils(report.opening_balance)).toBe(await entriesBefore(at(DAY, 0)));
    expect(fils(report.closing_balance)).toBe(await entriesBefore(at(DAY + 3, 0)));
    expect(report.closing_balance).toBe(report.ledger_balance);
    expect(report.total).toBe(report.lines.length);

    const credits = report.lines.reduce((sum, line) => sum + fils(line.credit), 0n);
    const debits = report.lines.reduce((sum, line) => sum + fils(line.debit), 0n);
    expect(fromFils(credits)).toBe(report.money_in);
    expect(fromFils(debits)).toBe(report.money_out);
    expect(fils(report.opening_balance) + credits - debits).toBe(fils(report.closing_balance));
    let running = fils(report.opening_balance);
    for (const line of report.lines) {
      running += fils(line.credit) - fils(line.debit);
      expect(fils(line.balance)).toBe(running);
      if (line.informational) expect([line.debit, line.credit]).toEqual(['0.000', '0.000']);
    }
    expect(report.lines.at(-1)?.balance).toBe(report.closing_balance);

    // The figures are the transactions', refund's, capture's and transfer's.
    const of = (id: unknown) => report.lines.filter((line) => line.transaction?.id === id);
    const amountOf = (lines: StatementLine[], kind: string) =>
      lines.filter((line) => line.kind === kind).map((line) => line.amount);
    expect(amountOf(of(first.id), 'payment')).toEqual(['100.000']);
    expect(amountOf(of(second.id), 'payment')).toEqual(['40.000']);
    expect(amountOf(of(first.id), 'fee')).toEqual([fromFils(fils(first.admin_charge))]);
    expect(amountOf(of(first.id), 'commission')).toEqual([fromFils(fils(first.commission))]);
    const refundLine = of(first.id).find((line) => line.kind === 'refund');
    expect(refundLine).toMatchObject({
      debit: '10.000',
      credit: '0.000',
      document: { entity: 'refund', id: refund.id, number: refund.document_no },
      transaction: { entity: 'transaction', id: first.id, number: first.reference_no },
      invoice_reference: first.invoice_reference,
      description: 'Refunded to the payer',
    });
    const captureLine = of(captured.id).find((line) => line.kind === 'capture');
    expect(captureLine).toMatchObject({ credit: '20.000', document: { entity: 'capture' } });
    expect(amountOf(of(captured.id), 'payment')).toEqual([]);

    const transferLines = report.lines.filter((line) => line.document?.entity === 'payment_transfer');
    const made = transferLines.find((line) => line.document?.id === transfer.id && line.kind === 'transfer');
    const paidOut = transferLines.find((line) => line.document?.id === transfer.id && line.kind === 'payout');
    expect(made).toMatchObject({ informational: true, amount: transfer.amount, debit: '0.000' });
    expect(paidOut).toMatchObject({ informational: false, debit: transfer.amount, credit: '0.000' });
    expect(paidOut?.document?.number).toBe(transfer.document_no);
    const held = transferLines.filter((line) => line.document?.id === transfer.id && line.informational);
    expect(held.map((line) => line.kind)).toEqual(['transfer', 'hold', 'release']);
    expect(held.every((line) => line.amount === transfer.amount)).toBe(true);

    // The statement of the first day closes where the next one opens.
    const day = await statement(kuwaitDate(DAY), kuwaitDate(DAY));
    const next = await statement(kuwaitDate(DAY + 1), kuwaitDate(DAY + 2));
    expect(day.reconciles && next.reconciles).toBe(true);
    expect(day.closing_balance).toBe(next.opening_balance);
    expect(day.total + next.total).toBe(report.total);

    // The exported function answers the same figures for a bench.
    const figures = await statementOf(db(), merchantId, kuwaitDate(DAY), kuwaitDate(DAY + 2));
    expect(figures.closing_balance).toBe(report.closing_balance);
    expect(figures.lines.map((line) => line.id)).toEqual(report.lines.map((line) => line.id));
  });

  it('pages the lines with their running balance', async () => {
    const whole = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2));
    const response = await merchant.get('/v1/report/merchant-statement', {
      query: { from: kuwaitDate(DAY), to: kuwaitDate(DAY + 2), range: '[2,4]' },
    });
    expect(response.headers['content-range']).toBe(`lines 2-4/${whole.total}`);
    const page = response.json() as MerchantStatement;
    expect(page.range).toEqual([2, 4]);
    expect(page.lines).toEqual(whole.lines.slice(2, 5));
    expect(page.closing_balance).toBe(whole.closing_balance);
    const beyond = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2), { range: '[900,950]' });
    expect(beyond.lines).toEqual([]);
    const bad = await merchant.get('/v1/report/merchant-statement', {
      query: { from: kuwaitDate(DAY), to: kuwaitDate(DAY), range: '[3,1]' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a period without dates, reversed or over six months, in English and Arabic', async () => {
    const ask = (query: Record<string, string>, locale?: string) =>
      merchant.get('/v1/report/merchant-statement', { query, ...(locale ? { locale: locale as 'en' | 'ar' } : {}) });
    const missing = await ask({ to: kuwaitDate(0) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select the date');
    expect(Object.keys(missing.json().errors)).toEqual(['from']);
    const long = await ask({ from: kuwaitDate(-200), to: kuwaitDate(0) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['to']);
    const arabic = await ask({ from: kuwaitDate(-200), to: kuwaitDate(0) }, 'ar');
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().message).toMatch(/[\u0600-\u06ff]/);
    expect(arabic.json().message).not.toBe(long.json().message);
    expect((await ask({ from: kuwaitDate(0), to: kuwaitDate(-1) })).statusCode).toBe(400);
    expect((await ask({ from: '2026-13-40', to: kuwaitDate(0) })).statusCode).toBe(400);
    expect((await ask({ from: '0000-01-01', to: '0000-01-02' })).statusCode).toBe(400);
    expect((await ask({ from: kuwaitDate(0), to: kuwaitDate(0), range: 'nope' })).statusCode).toBe(400);
    const download = await merchant.get('/v1/report/merchant-statement/download', {
      query: { from: kuwaitDate(-200), to: kuwaitDate(0) },
      locale: 'ar',
    });
    expect(download.statusCode).toBe(400);
    expect(download.json().message).toBe(arabic.json().message);
  });

  it('shows each merchant only its own money, behind the transactions report’s gate', async () => {
    const mine = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2));
    const theirs = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2), {}, vendor);
    expect(theirs.reconciles).toBe(true);
    expect(theirs.merchant.id).not.toBe(merchantId);
    const mineIds = new Set(mine.lines.map((line) => line.id));
    expect(theirs.lines.some((line) => mineIds.has(line.id))).toBe(false);
    expect(theirs.lines.some((line) => line.transaction?.id === first.id)).toBe(false);
    expect(
      (await staff.get('/v1/report/merchant-statement', { query: { from: kuwaitDate(DAY), to: kuwaitDate(DAY) } }))
        .statusCode,
    ).toBe(200);
    const refused = await salesEmployee.get('/v1/report/merchant-statement', {
      query: { from: kuwaitDate(DAY), to: kuwaitDate(DAY) },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('downloads the statement as CSV and XLSX in English and Arabic, with balances and totals', async () => {
    const report = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2));
    const query = { from: kuwaitDate(DAY), to: kuwaitDate(DAY + 2) };
    const csv = await merchant.get('/v1/report/merchant-statement/download', { query: { ...query, format: 'csv' } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`merchant-statement-${query.from}-${query.to}.csv`);
    const rows = parseCsvText(csv.body.replace(/^\uFEFF/, ''));
    const header = rows.findIndex((row) => row[0] === 'Date');
    expect(rows[header]).toEqual([
      'Date',
      'Type',
      'Reference',
      'Transaction',
      'Invoice',
      'Description',
      'Debit',
      'Credit',
      'Balance',
    ]);
    expect(rows[header + 1]).toMatchObject({ 1: 'Opening balance', 8: report.opening_balance });
    const lines = rows.slice(header + 2, header + 2 + report.total);
    expect(lines.map((row) => row[8])).toEqual(report.lines.map((line) => line.balance));
    const sum = (column: number) => fromFils(lines.reduce((total, row) => total + fils(row[column]), 0n));
    const totals = rows[header + 2 + report.total];
    expect(totals).toMatchObject({ 1: 'Total', 6: report.money_out, 7: report.money_in });
    expect([sum(6), sum(7)]).toEqual([report.money_out, report.money_in]);
    expect(rows[header + 3 + report.total]).toMatchObject({ 1: 'Closing balance', 8: report.closing_balance });

    const xlsx = await merchant.get('/v1/report/merchant-statement/download', {
      query: { ...query, format: 'xlsx' },
      locale: 'ar',
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = parseXlsx(new Uint8Array(xlsx.rawPayload));
    const arHeader = sheet.rows.findIndex((row) => row[0] === 'التاريخ');
    expect(arHeader).toBeGreaterThan(0);
    expect(sheet.rows[arHeader + 1][1]).toBe('الرصيد الافتتاحي');
    const closing = sheet.rows[arHeader + 3 + report.total];
    expect(closing[1]).toBe('الرصيد الختامي');
    expect(fromFils(BigInt(Math.round(Number(closing[8]) * 1000)))).toBe(report.closing_balance);
    const arLines = sheet.rows.slice(arHeader + 2, arHeader + 2 + report.total);
    const credits = arLines.reduce((total, row) => total + BigInt(Math.round(Number(row[7]) * 1000)), 0n);
    expect(fromFils(credits)).toBe(report.money_in);
    expect(strFromU8(new Uint8Array(xlsx.rawPayload).slice(0, 2))).toBe('PK');
  });

  it('fills its lines from the entries on a database whose ledger began before them, to the same statement', async () => {
    const before = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2));
    expect(before.total).toBeGreaterThan(0);
    await db().query('delete from ledger_statement_lines');
    await db().query('delete from ledger_statement_daily');
    for (const sql of STATEMENT_LINES_BACKFILL) await db().query(sql);
    // Run again (as at every start): the lines are there, so nothing more is written.
    for (const sql of STATEMENT_LINES_BACKFILL) await db().query(sql);
    const after = await statement(kuwaitDate(DAY), kuwaitDate(DAY + 2));
    const withoutIds = (report: MerchantStatement) => report.lines.map(({ id: _id, ...line }) => line);
    expect(withoutIds(after)).toEqual(withoutIds(before));
    expect(after.closing_balance).toBe(before.closing_balance);
    expect(after.reconciles).toBe(true);
    expect(await statementLineMismatches(db(), merchantId)).toEqual([]);
  });
});
