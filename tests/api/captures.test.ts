import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Authorise first, capture later: a merchant whose own quick-invoice service has a capture duration
 * gets its card payments authorised; it captures them (whole or, with capture type `partial`, a
 * part) through capture requests, and authorisations not captured in time are voided by the
 * scheduler, the invoice unpaid again. Webhooks tell the merchant each step.
 */

const HOOK = 'https://merchant.example.test/hooks/captures';
const DAY_MS = 86_400_000;

describe.each(DRIVERS)('authorise first, capture later (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let payer: Payer;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    payer = new Payer(server);
  });
  afterAll(() => server?.close());
  afterEach(() => setClock());

  const db = () => server.app.bawaba.db;

  /** The merchant's newest own quick-invoice service, whose terms its invoices' payments follow. */
  const captureSettings = (capture_type: 'full' | 'partial', capture_days = 2) =>
    created(merchant, '/v1/multi-vendor/services', {
      service_type: 'quick_invoice',
      payment_type: 'credit_card',
      capture_type,
      capture_days,
    });

  const transactionById = async (id: number) =>
    (
      await db().query<Row>(
        `select status, amount::text as amount, pending_amount::text as pending_amount,
           captured_amount::text as captured_amount, admin_charge::text as admin_charge,
           commission::text as commission, net_amount::text as net_amount, authorized_until, result_code
         from transactions where id = $1::integer`,
        [id],
      )
    )[0];

  const events = async (reference: string) =>
    (
      await db().query<{ event: string }>(
        `select event from webhook_deliveries where invoice_reference = $1::text order by id`,
        [reference],
      )
    ).map((row) => row.event);

  /** An invoice paid with the success card: the authorisation's transaction and the invoice. */
  const authorised = async (amount: string) => {
    const invoice = await created(merchant, '/v1/invoice', {
      kind: 'quick',
      customer_name: 'Fahad Al-Mutairi',
      mobile: '96550007777',
      amount,
      webhook_url: HOOK,
    });
    const result = await payer.paid(invoice.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    expect(result).toMatchObject({ status: 'authorized', result_code: 'APPROVED' });
    const [row] = await db().query<{ id: number }>(`select id from transactions where reference_no = $1::text`, [
      result.transaction_reference,
    ]);
    return { invoice, transactionId: row.id };
  };

  /** The capture requests report of these days. */
  const report = async (filter: Record<string, string> = {}) => {
    const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    const response = await merchant.list('/v1/capture', {
      filter: { created_at_gte: day(-1), created_at_lte: day(1), ...filter },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  };

  const capture = (transactionId: number, amount: string, client = merchant) =>
    client.post('/v1/capture', { transaction_id: transactionId, capture_type: 'full', amount });

  it('authorises, rejects a part and refuses more under capture type full, and captures the whole with its fees', async () => {
    await captureSettings('full');
    const before = Date.now();
    const { invoice, transactionId } = await authorised('20.000');
    const authorisation = await transactionById(transactionId);
    expect(authorisation).toMatchObject({ status: 'authorized', pending_amount: '20.000', captured_amount: '0.000' });
    const until = new Date(String(authorisation.authorized_until)).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 2 * DAY_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({ status: 'paid' });
    expect(await events(invoice.reference_no)).toEqual(['payment.authorized']);

    const part = await capture(transactionId, '5.000');
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ status: 'rejected', rejection_reason: 'partial_not_allowed' });
    expect(await transactionById(transactionId)).toMatchObject({ status: 'authorized', pending_amount: '20.000' });
    const above = await capture(transactionId, '20.001');
    expect(above.statusCode, above.body).toBe(400);
    expect(Object.keys(above.json().errors)).toEqual(['amount']);

    const whole = await capture(transactionId, '20.000');
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json()).toMatchObject({ status: 'captured', capture_type: 'full', pending_amount: '20.000' });
    expect(await transactionById(transactionId)).toMatchObject({
      status: 'success',
      result_code: 'CAPTURED',
      captured_amount: '20.000',
      pending_amount: '20.000',
      admin_charge: '0.500',
      // The demo merchant's card commission: 0.5% of what was captured.
      commission: '0.100',
      net_amount: '19.400',
    });
    expect(await events(invoice.reference_no)).toEqual(['payment.authorized', 'payment.captured']);
    const [processor] = await db().query<Row>(
      `select s.status, s.captured::text as captured from sandbox_payments s
       join transactions t on t.payment_id = s.payment_id where t.id = $1::integer`,
      [transactionId],
    );
    expect(processor).toEqual({ status: 'success', captured: '20000' });

    const again = await capture(transactionId, '20.000');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.transaction_id).toMatch(/Only an authorized transaction/);
    expect(await transactionById(transactionId)).toMatchObject({ captured_amount: '20.000' });
    expect(await report()).toContainEqual(
      expect.objectContaining({ transaction_id: transactionId, status: 'captured', amount: '20.000' }),
    );
  });

  it('captures a part under capture type partial and releases the rest', async () => {
    await captureSettings('partial');
    const { invoice, transactionId } = await authorised('12.000');
    const part = await capture(transactionId, '4.500');
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ status: 'captured', capture_type: 'partial', amount: '4.500' });
    expect(await transactionById(transactionId)).toMatchObject({
      status: 'success',
      amount: '12.000',
      captured_amount: '4.500',
      pending_amount: '4.500',
    });
    // The rest is released: nothing more may be captured.
    const more = await capture(transactionId, '1.000');
    expect(more.statusCode).toBe(400);
    expect(await events(invoice.reference_no)).toEqual(['payment.authorized', 'payment.captured']);
  });

  it('voids an authorisation at its capture deadline, unpaying the invoice, once however many ticks run', async () => {
    await captureSettings('partial', 1);
    const { invoice, transactionId } = await authorised('8.000');
    const until = new Date(String((await transactionById(transactionId)).authorized_until));

    // A minute early: the demo's own older authorisations may be voided, this one is not.
    await server.app.scheduler.tick(new Date(until.getTime() - 60_000));
    expect((await transactionById(transactionId)).status).toBe('authorized');

    const [first, second] = await Promise.all([
      server.app.scheduler.tick(new Date(until.getTime() + 60_000)),
      server.app.scheduler.tick(new Date(until.getTime() + 60_000)),
    ]);
    expect(first.voided + second.voided).toBe(1);
    expect(await transactionById(transactionId)).toMatchObject({ status: 'voided', pending_amount: '0.000' });
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({
      status: 'unpaid',
      paid_amount: '0.000',
    });
    expect(await events(invoice.reference_no)).toEqual(['payment.authorized', 'payment.voided']);
    expect((await server.app.scheduler.tick(new Date(until.getTime() + 120_000))).voided).toBe(0);

    const late = await capture(transactionId, '8.000');
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.transaction_id).toMatch(/voided/);
    // The link may be paid again.
    const again = await payer.paid(invoice.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    expect(again.status).toBe('authorized');
  });

  it('rejects, and stores, a capture asked for after the deadline before the scheduler voided it', async () => {
    await captureSettings('full', 1);
    const { invoice, transactionId } = await authorised('6.000');
    const until = new Date(String((await transactionById(transactionId)).authorized_until));
    setClock(() => new Date(until.getTime() + 1_000));
    const late = await capture(transactionId, '6.000');
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ status: 'rejected', rejection_reason: 'expired' });
    const shown = await merchant.get(`/v1/capture/${late.json().id}`);
    expect(shown.json()).toMatchObject({ status: 'rejected', rejection_reason: 'expired' });
    setClock();
    expect(await report({ status: 'rejected' })).toContainEqual(
      expect.objectContaining({ id: late.json().id, transaction_id: transactionId, rejection_reason: 'expired' }),
    );
    expect(await transactionById(transactionId)).toMatchObject({ status: 'voided', pending_amount: '0.000' });
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({ status: 'unpaid' });
    expect(await events(invoice.reference_no)).toEqual(['payment.authorized', 'payment.voided']);
  });

  it('never captures more than authorised with ten captures at once', async () => {
    await captureSettings('partial');
    const { transactionId } = await authorised('5.000');
    const answers = await Promise.all(Array.from({ length: 10 }, () => capture(transactionId, '3.000')));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, ...Array.from({ length: 9 }, () => 400)]);
    expect(await transactionById(transactionId)).toMatchObject({ status: 'success', captured_amount: '3.000' });
    const [{ count }] = await db().query<{ count: number }>(
      `select count(*)::integer as count from captures where transaction_id = $1::integer and status = 'captured'`,
      [transactionId],
    );
    expect(count).toBe(1);
  });
});
