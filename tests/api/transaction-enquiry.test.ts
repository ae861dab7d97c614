import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { TEST_CARDS } from '../../src/shared/pay';
import type { EnquiryAnswer, EnquirySearch } from '../../src/shared/transaction-enquiry';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * SPEC §7 transaction enquiry (`GET /v1/transaction-enquiry`): a payment found by reference no,
 * track id, payment id or the payer's mobile with the amount, its stored and processor states,
 * settled when the processor has; the merchant's own only; the advice to wait 10 minutes before
 * treating a repeated payment as a duplicate (SPEC §9).
 */

const MINUTE = 60_000;

describe.each(DRIVERS)('transaction enquiry (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  let vendor: Client;
  let payer: Payer;
  let serial = 0;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    payer = new Payer(server);
  });
  afterAll(() => server?.close());
  afterEach(() => setClock());

  /** A mobile no other test uses. */
  const mobile = () => `965600${String(++serial).padStart(5, '0')}`;

  /** Pays a new invoice of `client`'s merchant with `number` at `at`; the invoice and its transaction. */
  async function paid(
    number: string,
    { client = merchant, at = new Date(), amount = '7.500', phone = mobile() } = {},
  ): Promise<{ invoice: Row & { reference_no: string }; transaction: Row }> {
    setClock(() => at);
    const body = { kind: 'quick', customer_name: 'Yousef Al-Sabah', mobile: phone, amount };
    const invoice = await created(client, '/v1/invoice', body);
    await payer.paid(invoice.reference_no, { method: 'card', card: card(number) });
    setClock();
    const [transaction] = await transactionsOf(server, invoice.reference_no);
    return { invoice, transaction };
  }

  const enquire = (search: EnquirySearch, client = merchant, locale: 'en' | 'ar' = 'en') =>
    client.get('/v1/transaction-enquiry', { query: search, locale });

  async function answer(search: EnquirySearch, client = merchant): Promise<EnquiryAnswer> {
    const response = await enquire(search, client);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('finds a payment by each key, with its stored and processor states', async () => {
    const { transaction } = await paid(TEST_CARDS.success);
    const searches: EnquirySearch[] = [
      { reference_no: String(transaction.reference_no) },
      { track_id: String(transaction.track_id) },
      { payment_id: String(transaction.payment_id) },
      { mobile: String(transaction.customer_mobile), amount: '7.500' },
      { mobile: String(transaction.customer_mobile), amount: '7.5' },
    ];
    for (const search of searches) {
      const found = await answer(search);
      expect(found.transactions, JSON.stringify(search)).toHaveLength(1);
      expect(found.transactions[0]).toMatchObject({
        stored_status: 'success',
        processor_status: 'success',
        transaction: { id: transaction.id, reference_no: transaction.reference_no, status: 'success' },
      });
      expect(found.advice).toBeNull();
    }
    expect((await answer({ mobile: String(transaction.customer_mobile), amount: '7.501' })).transactions).toEqual([]);
    // Staff has the transactions report: it may enquire too.
    expect((await answer({ reference_no: String(transaction.reference_no) }, staff)).transactions).toHaveLength(1);
  });

  it('settles a pending payment the processor has settled, as the sweep would', async () => {
    const start = new Date(Date.now() - 30 * MINUTE);
    const { invoice, transaction } = await paid(TEST_CARDS.pending, { at: start });
    const search = { payment_id: String(transaction.payment_id) };

    setClock(() => new Date(start.getTime() + 5 * MINUTE));
    let found = await answer(search);
    expect(found.transactions[0]).toMatchObject({ stored_status: 'pending', processor_status: 'pending' });
    expect(found.transactions[0].transaction.status).toBe('pending');

    setClock(() => new Date(start.getTime() + 10 * MINUTE));
    found = await answer(search);
    expect(found.transactions[0]).toMatchObject({ stored_status: 'pending', processor_status: 'success' });
    expect(found.transactions[0].transaction).toMatchObject({ status: 'success', result_code: 'CAPTURED' });
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().status).toBe('paid');

    found = await answer(search);
    expect(found.transactions[0]).toMatchObject({ stored_status: 'success', processor_status: 'success' });
  });

  it('refuses a search without a key, and a mobile without the amount, in the request language', async () => {
    const none = await enquire({});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/reference no/);
    const noAmount = await enquire({ mobile: '96550001234' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toMatchObject({
      message: 'Searching by mobile needs the amount paid, and the amount needs the mobile',
      errors: { amount: expect.any(String) },
    });
    const arabic = await enquire({ mobile: '96550001234' }, merchant, 'ar');
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().message).toBe('البحث برقم الهاتف يتطلب المبلغ المدفوع، والمبلغ يتطلب رقم الهاتف');
    expect((await enquire({ amount: '1.000' })).statusCode).toBe(400);
    expect((await enquire({ mobile: '96550001234', amount: 'ten' })).statusCode).toBe(400);
    expect((await enquire({ reference_no: "1' or '1'='1" })).statusCode).toBe(400);
  });

  it("never shows another merchant's transaction", async () => {
    const { transaction } = await paid(TEST_CARDS.success, { client: vendor });
    expect((await answer({ reference_no: String(transaction.reference_no) })).transactions).toEqual([]);
    expect((await answer({ payment_id: String(transaction.payment_id) })).transactions).toEqual([]);
    expect((await answer({ reference_no: String(transaction.reference_no) }, vendor)).transactions).toHaveLength(1);
  });

  it('is behind the transactions report permission', async () => {
    const rania = await Client.signIn(server.app, { email: 'rania@demo.test', password: 'Rania@1234' });
    const refused = await enquire({ reference_no: '700000000001' }, rania);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to do this' });
    expect((await enquire({ reference_no: '700000000001' }, new Client(server.app))).statusCode).toBe(401);
  });

  it('is documented with its parameters, so fuzzing covers it', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const operation = document.paths['/v1/transaction-enquiry'].get;
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual([
      'amount',
      'mobile',
      'payment_id',
      'reference_no',
      'track_id',
    ]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
    expect(operation.description).toMatch(/answers 400 when/i);
  });

  it('advises waiting 10 minutes when the same mobile paid the same amount twice within them', async () => {
    const start = new Date(Date.now() - 60 * MINUTE);
    const phone = mobile();
    await paid(TEST_CARDS.success, { at: start, phone });
    const { transaction } = await paid(TEST_CARDS.success, { at: new Date(start.getTime() + MINUTE), phone });
    const byMobile = { mobile: phone, amount: '7.500' };
    const byReference = { reference_no: String(transaction.reference_no) };

    setClock(() => new Date(start.getTime() + 9 * MINUTE));
    const within = await answer(byMobile);
    expect(within.transactions).toHaveLength(2);
    expect(within.advice).toBe(
      'This mobile paid the same amount more than once in the last 10 minutes. Wait 10 minutes before treating it ' +
        'as a duplicate: a payment may still be settling.',
    );
    expect((await answer(byReference)).advice).toBe(within.advice);
    const arabic = await enquire(byMobile, merchant, 'ar');
    expect(arabic.json().advice).toMatch(/انتظر 10 دقائق/);

    setClock(() => new Date(start.getTime() + 11 * MINUTE));
    const after = await answer(byMobile);
    expect(after.transactions).toHaveLength(2);
    expect(after.advice).toBeNull();
    // Another amount by the same mobile is no duplicate.
    await paid(TEST_CARDS.success, { at: new Date(start.getTime() + 12 * MINUTE), phone, amount: '8.000' });
    setClock(() => new Date(start.getTime() + 13 * MINUTE));
    expect((await answer({ mobile: phone, amount: '8.000' })).advice).toBeNull();
  });
});
