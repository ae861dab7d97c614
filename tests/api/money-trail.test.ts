import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { fromFils, toFils } from '../../src/shared/money';
import type { MoneyTrail } from '../../src/shared/money-trail';
import { TEST_CARDS } from '../../src/shared/pay';
import { processDueRefunds } from '../../src/server/payments/refunds';
import { payOutTransfers, settlePreviousDay } from '../../src/server/payments/settlement-run';
import { releaseMerchantTransfers } from '../../src/server/support/transfers';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, kuwaitDate, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The money trail: from an invoice, a payment, a refund, a capture or a transfer, the same chain —
 * invoice → payments → refunds and captures with their ledger postings → the transfer that paid
 * them out — with totals from the ledger that balance to the fil, for the merchant's own records.
 * Driven through real flows: a split invoice paid in two parts, a refund processed, an
 * authorisation captured, a payment without an invoice, the day's settlement run and payout.
 */

const owner = { customer_name: 'Noura Al-Rashidi', mobile: '96550001234', payment_methods: ['card'] };

/** An instant on the Kuwait date `days` from today, at `hour:minute` there. */
const at = (days: number, hour: number, minute = 0) =>
  new Date(`${kuwaitDate(days)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`);

const fils = (value: unknown) => toFils(String(value)) ?? 0n;
const sum = (values: unknown[]) => fromFils(values.reduce<bigint>((total, value) => total + fils(value), 0n));

describe.each(DRIVERS)('money trail (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let payer: Payer;
  const db = () => server.app.bawaba.db;
  const ctx = () => server.app.bawaba;

  let split: Row & { reference_no: string };
  let partOne: Row;
  let partTwo: Row;
  let refund: Row;
  let quick: Row & { reference_no: string };
  let authorised: Row;
  let capture: Row;
  let lone: Row;
  let transferId: number;

  const trail = async (entity: string, id: unknown, client = merchant) => {
    const response = await client.get(`/v1/money-trail/${entity}/${String(id)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MoneyTrail;
  };
  /** A trail without what says where it started. */
  const chain = ({ entity: _entity, id: _id, ...rest }: MoneyTrail) => rest;

  const transaction = async (id: unknown) =>
    (
      await db().query<Row>(
        `select id, amount::text as amount, captured_amount::text as captured_amount,
           refunded_amount::text as refunded_amount, admin_charge::text as admin_charge,
           commission::text as commission, net_amount::text as net_amount, transfer_id
         from transactions where id = $1::integer`,
        [id],
      )
    )[0];

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    payer = new Payer(server);
    // The demo's money up to today is settled and paid out first, so the day's transfer is ours alone.
    await releaseMerchantTransfers(ctx(), ACCOUNTS.merchant.email);
    await processDueRefunds(ctx(), at(1, 0, 30));
    setClock(() => at(0, 23, 30));
    const cover = await created(merchant, '/v1/invoice', { ...owner, kind: 'quick', amount: '1000.000' });
    await payer.paid(cover.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    setClock();
    await settlePreviousDay(ctx(), at(1, 1));
    await payOutTransfers(ctx(), at(2, 0, 30));

    // A split invoice paid in two parts, and a refund of the first.
    setClock(() => at(2, 9));
    split = await created(merchant, '/v1/invoice', { ...owner, kind: 'split', split_parts: 2, amount: '30.000' });
    await payer.paid(`${split.reference_no}-1`, { method: 'card', card: card(TEST_CARDS.success) });
    setClock(() => at(2, 10));
    await payer.paid(`${split.reference_no}-2`, { method: 'card', card: card(TEST_CARDS.success) });
    [partOne] = await transactionsOf(server, `${split.reference_no}-1`);
    [partTwo] = await transactionsOf(server, `${split.reference_no}-2`);
    setClock(() => at(2, 11));
    refund = await created(merchant, '/v1/refund', {
      transaction_id: partOne.id,
      method: 'partial',
      total_amount: partOne.amount,
      pending_amount: partOne.pending_amount,
      refund_amount: '5.000',
    });
    setClock();
    await processDueRefunds(ctx(), at(2, 11, 30));

    // A payment without an invoice: an open invoice's.
    setClock(() => at(2, 11, 45));
    const open = await created(merchant, '/v1/open-invoice', {
      title: 'Donation',
      amount_type: 'fixed',
      amount: '7.000',
    });
    await payer.paid(open.reference_no, {
      method: 'card',
      card: card(TEST_CARDS.success),
      fields: { 'Civil ID': '289010112345' },
    });
    [lone] = await transactionsOf(server, open.reference_no);

    // An authorisation, captured whole.
    setClock(() => at(2, 12));
    await created(merchant, '/v1/multi-vendor/services', {
      service_type: 'quick_invoice',
      payment_type: 'credit_card',
      capture_type: 'full',
      capture_days: 2,
    });
    quick = await created(merchant, '/v1/invoice', { ...owner, kind: 'quick', amount: '12.500' });
    await payer.paid(quick.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    [authorised] = await transactionsOf(server, quick.reference_no);
    expect(authorised.status).toBe('authorized');
    setClock(() => at(2, 13));
    capture = await created(merchant, '/v1/capture', {
      transaction_id: authorised.id,
      capture_type: 'full',
      amount: '12.500',
    });
    expect(capture.status).toBe('captured');
    // Later card payments are taken at once again.
    await created(merchant, '/v1/multi-vendor/services', {
      service_type: 'quick_invoice',
      payment_type: 'credit_card',
      capture_type: 'full',
      capture_days: 0,
    });
    setClock();

    await settlePreviousDay(ctx(), at(3, 1));
    transferId = Number((await transaction(partOne.id)).transfer_id);
    expect(transferId).toBeGreaterThan(0);
  });
  afterAll(async () => {
    setClock();
    await server?.close();
  });
  afterEach(() => setClock());

  it('shows an invoice paid in two parts, its refund and its fees, each step named', async () => {
    const answer = await trail('invoice', split.id);
    expect(answer.roots_count).toBe(1);
    const [root] = answer.roots;
    expect(root.invoice).toMatchObject({
      id: split.id,
      reference_no: split.reference_no,
      amount: '30.000',
      status: 'paid',
    });
    expect(root.transactions.map((row) => [row.id, row.part])).toEqual([
      [partOne.id, 1],
      [partTwo.id, 2],
    ]);
    const [first, second] = root.transactions;
    const stored = await transaction(partOne.id);
    expect(first).toMatchObject({
      amount: '15.000',
      payment_method: 'card',
      status: 'success',
      admin_charge: stored.admin_charge,
      commission: stored.commission,
      net_amount: stored.net_amount,
      transfer_id: transferId,
    });
    expect(first.ledger).toMatchObject({
      paid: '15.000',
      refunded: '5.000',
      fees: stored.admin_charge,
      commission: stored.commission,
      net: fromFils(fils(stored.net_amount) - 5_000n),
    });
    expect(first.refunds).toEqual([
      expect.objectContaining({ id: refund.id, refund_amount: '5.000', status: 'processed', refunded: '5.000' }),
    ]);
    expect(first.refunds[0].transfer_id).toBe(transferId);
    expect(first.postings.map((posting) => posting.event)).toEqual(
      expect.arrayContaining(['payment', 'fee', 'commission', 'refund']),
    );
    expect(first.postings.find((posting) => posting.event === 'refund')).toMatchObject({
      from: 'merchant_balance',
      to: 'payer',
      amount: '5.000',
      refund_id: refund.id,
    });
    expect(second).toMatchObject({ amount: '15.000', refunds: [], captures: [], transfer_id: transferId });
    expect(answer.transfers.map((row) => row.id)).toEqual([transferId]);
    expect(answer.transfers[0]).toMatchObject({ status: 'not_transferred', transfer_date: null });
  });

  it('gives the same chain from the invoice, each payment and the refund', async () => {
    const fromInvoice = chain(await trail('invoice', split.id));
    for (const [entity, id] of [
      ['transaction', partOne.id],
      ['transaction', partTwo.id],
      ['refund', refund.id],
    ] as const)
      expect(chain(await trail(entity, id)), `${entity} ${id}`).toEqual(fromInvoice);
  });

  it('gives the chain of a captured authorisation from the capture and from its invoice', async () => {
    const fromCapture = await trail('capture', capture.id);
    expect(chain(fromCapture)).toEqual(chain(await trail('invoice', quick.id)));
    const [payment] = fromCapture.roots[0].transactions;
    expect(payment.captures).toEqual([
      expect.objectContaining({ id: capture.id, amount: '12.500', status: 'captured', captured: '12.500' }),
    ]);
    expect(payment.ledger).toMatchObject({ paid: '12.500', captured: '12.500', held: '0.000' });
    expect(payment.postings.map((posting) => posting.event)).toEqual(
      expect.arrayContaining(['authorization', 'capture', 'fee']),
    );
    expect(payment.postings.find((posting) => posting.event === 'capture')).toMatchObject({
      from: 'authorizations',
      to: 'merchant_balance',
      capture_id: capture.id,
    });
  });

  it('makes a payment without an invoice its own chain', async () => {
    const answer = await trail('transaction', lone.id);
    expect(answer.roots).toHaveLength(1);
    expect(answer.roots[0].invoice).toBeNull();
    expect(answer.roots[0].transactions.map((row) => row.id)).toEqual([lone.id]);
  });

  it("lists every chain of a transfer, and its totals are the ledger's and balance", async () => {
    const answer = await trail('payment_transfer', transferId);
    expect(answer.roots_count).toBe(3);
    expect(answer.roots.map((root) => root.invoice?.id ?? null)).toEqual([split.id, null, quick.id]);
    const rows = await Promise.all([partOne, partTwo, lone, authorised].map((row) => transaction(row.id)));
    const [record] = await db().query<Row>(
      `select amount::text as amount, refunds_amount::text as refunds_amount from payment_transfers where id = $1::integer`,
      [transferId],
    );
    expect(answer.totals).toMatchObject({
      paid: sum(rows.map((row) => row.captured_amount)),
      captured: '12.500',
      refunded: '5.000',
      fees: sum(rows.map((row) => row.admin_charge)),
      commission: sum(rows.map((row) => row.commission)),
      net: fromFils(fils(sum(rows.map((row) => row.net_amount))) - 5_000n),
      transferred: '0.000',
      in_transfer: record.amount,
      unsettled: '0.000',
      owed: record.amount,
      cash: '0.000',
    });
    expect(answer.balance).toEqual({ balanced: true, difference: '0.000' });
    expect(answer.transfers).toEqual([
      expect.objectContaining({ id: transferId, amount: record.amount, share: record.amount }),
    ]);

    // What the ledger posted for these payments, summed straight from its entries.
    const [ledger] = await db().query<Record<string, string>>(
      `select
         sum(case when account = 'merchant_balance' and event in ('payment', 'capture') then amount_fils else 0 end)::text as paid,
         sum(case when account = 'fees' then amount_fils else 0 end)::text as fees,
         sum(case when account = 'commission' then amount_fils else 0 end)::text as commission,
         sum(case when account = 'merchant_balance' then amount_fils else 0 end)::text as net
       from ledger_entries where transaction_id in (select jsonb_array_elements_text($1::text::jsonb)::integer)`,
      [JSON.stringify(rows.map((row) => row.id))],
    );
    expect(answer.totals).toMatchObject({
      paid: fromFils(BigInt(ledger.paid)),
      fees: fromFils(BigInt(ledger.fees)),
      commission: fromFils(BigInt(ledger.commission)),
      net: fromFils(BigInt(ledger.net)),
    });
  });

  it('follows the transfer paid out: transferred, nothing owed, on every chain of it', async () => {
    await payOutTransfers(ctx(), at(4, 0, 30));
    const answer = await trail('payment_transfer', transferId);
    const [ledger] = await db().query<{ amount: string }>(
      `select sum(amount_fils)::text as amount from ledger_entries where transfer_id = $1::integer and account = 'merchant_bank'`,
      [transferId],
    );
    expect(answer.transfers[0]).toMatchObject({ status: 'transferred', transfer_date: kuwaitDate(4) });
    expect(answer.totals).toMatchObject({
      transferred: fromFils(BigInt(ledger.amount)),
      in_transfer: '0.000',
      owed: '0.000',
    });
    expect(answer.balance.balanced).toBe(true);
    const fromInvoice = await trail('invoice', split.id);
    expect(fromInvoice.totals.transferred).toBe(fromInvoice.totals.net);
    expect(fromInvoice.balance.balanced).toBe(true);
    expect(fromInvoice.transfers[0].share).toBe(fromInvoice.totals.net);
  });

  it("answers 404 for another merchant's records, in the caller's language", async () => {
    for (const [entity, id] of [
      ['invoice', split.id],
      ['transaction', partOne.id],
      ['refund', refund.id],
      ['capture', capture.id],
      ['payment_transfer', transferId],
    ] as const) {
      const response = await vendor.get(`/v1/money-trail/${entity}/${String(id)}`);
      expect(response.statusCode, `${entity} ${id}`).toBe(404);
    }
    const english = await vendor.get(`/v1/money-trail/invoice/${split.id}`);
    const arabic = await vendor.inLocale('ar').get(`/v1/money-trail/invoice/${split.id}`);
    expect(english.json().message).toMatch(/[A-Za-z]/);
    expect(arabic.json().message).toMatch(/[\u0600-\u06FF]/);
    expect(arabic.json().message).not.toBe(english.json().message);
    expect((await merchant.get('/v1/money-trail/invoice/2147483647')).statusCode).toBe(404);
  });

  it('refuses an unknown entity with 400, an id that is none with 404, and an employee without the transactions report with 403', async () => {
    const unknown = await merchant.inLocale('ar').get(`/v1/money-trail/customer/1`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await merchant.get('/v1/money-trail/invoice/abc')).statusCode).toBe(404);
    const office = await Client.signIn(server.app, { email: 'rania@demo.test', password: 'Rania@1234' });
    const refused = await office.get(`/v1/money-trail/invoice/${split.id}`);
    expect(refused.statusCode).toBe(403);
    const staff = await Client.signIn(server.app, ACCOUNTS.staff);
    expect(chain(await trail('invoice', split.id, staff))).toEqual(chain(await trail('invoice', split.id)));
  });

  it('leaves out the records an employee may not view, keeping the figures', async () => {
    const employee = await merchant.post('/v1/employees', {
      data: await merchant.encrypt({
        name: 'Huda Al-Sabah',
        email: 'huda.trail@demo.test',
        password: 'Huda@12345',
        designation: 'Clerk',
        permissions: { general: ['invoices', 'reports'], report: ['payment_transactions'] },
      }),
    });
    expect(employee.statusCode, employee.body).toBe(201);
    const clerk = await Client.signIn(server.app, { email: 'huda.trail@demo.test', password: 'Huda@12345' });
    const answer = await trail('invoice', split.id, clerk);
    expect(answer.hidden).toEqual(['refund', 'capture', 'payment_transfer']);
    expect(answer.transfers).toEqual([]);
    expect(answer.roots[0].transactions[0]).toMatchObject({ refunds: [], transfer_id: null });
    expect(answer.totals).toEqual((await trail('invoice', split.id)).totals);
    const refused = await clerk.get(`/v1/money-trail/refund/${refund.id}`);
    expect(refused.statusCode).toBe(403);
  });
});
