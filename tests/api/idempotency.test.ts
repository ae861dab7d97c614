import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, transactionsOf, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * `Idempotency-Key` on the calls that move money: a payment on a link, a refund and a capture
 * request. A retry gets the first answer and writes nothing; another request with the key is 422;
 * two at once never both run. Refunds of one transaction never add up to more than it holds, with
 * or without keys.
 */

const quick = { kind: 'quick', customer_name: 'Hessa Al-Mutawa', mobile: '96550004321', amount: '10.000' };
const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });
let serial = 0;
const newKey = () => `key-${Date.now()}-${++serial}`;

describe.each(DRIVERS)('idempotency keys (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let payer: Payer;
  let anonymous: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    payer = new Payer(server);
    anonymous = new Client(server.app);
  });
  afterAll(() => server?.close());
  afterEach(() => setClock());

  const db = () => server.app.bawaba.db;
  const countOf = async (table: string, where: string, params: unknown[]) => {
    const [row] = await db().query<{ n: number }>(`select count(*)::integer as n from ${table} where ${where}`, params);
    return row.n;
  };

  /** A transaction of `client`'s merchant just paid with the success card, holding `amount`. */
  async function paidTransaction(client: Client = merchant, amount = '10.000'): Promise<Row> {
    const { reference_no: reference } = await created(client, '/v1/invoice', { ...quick, amount });
    await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success) });
    const [transaction] = await transactionsOf(server, reference);
    return transaction;
  }
  const refundOf = (transaction: Row, amount: string) => ({
    transaction_id: transaction.id,
    method: 'partial',
    total_amount: transaction.amount,
    pending_amount: transaction.pending_amount,
    refund_amount: amount,
  });
  const pendingOf = async (transaction: Row) => {
    const [row] = await db().query<{ pending: string; status: string }>(
      `select pending_amount::text as pending, status from transactions where id = $1::integer`,
      [transaction.id],
    );
    return row;
  };

  it('pays a link once: a retry with the key answers the first result again and charges nothing', async () => {
    const { reference_no: reference } = await created(merchant, '/v1/invoice', quick);
    const body = { method: 'card', card: card(TEST_CARDS.success) };
    const key = newKey();
    const first = await anonymous.post(`/v1/pay/${reference}`, body, keyed(key));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json()).toMatchObject({ status: 'success', result_code: 'CAPTURED' });

    const again = await anonymous.post(`/v1/pay/${reference}`, body, keyed(key));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await transactionsOf(server, reference)).toHaveLength(1);

    // Without the key the link is simply paid already.
    expect((await payer.pay(reference, body)).statusCode).toBe(409);

    const other = await anonymous.post(
      `/v1/pay/${reference}`,
      { method: 'card', card: card(TEST_CARDS.declined) },
      keyed(key),
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: 'This Idempotency-Key was already used for a different request; use a new key',
    });
    expect(await transactionsOf(server, reference)).toHaveLength(1);
  });

  it('keeps a declined payment’s answer for its key, and a new key tries again', async () => {
    const { reference_no: reference } = await created(merchant, '/v1/invoice', quick);
    const declined = { method: 'card', card: card(TEST_CARDS.declined) };
    const key = newKey();
    const first = await anonymous.post(`/v1/pay/${reference}`, declined, keyed(key));
    expect(first.json()).toMatchObject({ status: 'failed' });
    const again = await anonymous.post(`/v1/pay/${reference}`, declined, keyed(key));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await transactionsOf(server, reference)).toHaveLength(1);
    const paid = await anonymous.post(
      `/v1/pay/${reference}`,
      { method: 'card', card: card(TEST_CARDS.success) },
      keyed(newKey()),
    );
    expect(paid.json()).toMatchObject({ status: 'success' });
    expect(await transactionsOf(server, reference)).toHaveLength(2);
  });

  it('refuses a malformed key in the caller’s language, before anything runs', async () => {
    const transaction = await paidTransaction();
    for (const key of ['', 'x'.repeat(256), 'مفتاح', 'tab\there']) {
      const english = await merchant.post('/v1/refund', refundOf(transaction, '1.000'), keyed(key));
      expect(english.statusCode, key).toBe(400);
      expect(english.json().message).toBe('The Idempotency-Key header must be 1 to 255 printable ASCII characters');
    }
    const arabic = await merchant.post('/v1/refund', refundOf(transaction, '1.000'), {
      ...keyed('x'.repeat(256)),
      locale: 'ar',
    });
    expect(arabic.json().message).toBe(
      'يجب أن تتكوّن ترويسة Idempotency-Key من 1 إلى 255 حرفًا من حروف ASCII القابلة للطباعة',
    );
    const pay = await anonymous.post('/v1/pay/ANY', { method: 'card' }, keyed('x'.repeat(256)));
    expect(pay.statusCode).toBe(400);
    expect(await countOf('refunds', 'transaction_id = $1::integer', [transaction.id])).toBe(0);
    expect((await merchant.post('/v1/refund', refundOf(transaction, '1.000'), keyed('k'.repeat(255)))).statusCode).toBe(
      201,
    );
  });

  it('makes a refund once per key: the same answer again, one row, the amount taken once', async () => {
    const transaction = await paidTransaction();
    const key = newKey();
    const first = await merchant.post('/v1/refund', refundOf(transaction, '2.500'), keyed(key));
    expect(first.statusCode, first.body).toBe(201);
    // Keys as sent in another order are the same request.
    const reordered = Object.fromEntries(Object.entries(refundOf(transaction, '2.500')).reverse());
    const again = await merchant.post('/v1/refund', reordered, keyed(key));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countOf('refunds', 'transaction_id = $1::integer', [transaction.id])).toBe(1);
    expect(await pendingOf(transaction)).toEqual({ pending: '7.500', status: 'success' });

    const mismatch = await merchant.post('/v1/refund', refundOf(transaction, '3.000'), { ...keyed(key), locale: 'ar' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe('سبق استخدام مفتاح Idempotency-Key هذا لطلب مختلف؛ استخدم مفتاحًا جديدًا');
    // A request validation refuses never reaches its key.
    expect((await merchant.post('/v1/capture', { transaction_id: 1 }, keyed(key))).statusCode).toBe(400);
    // Keys are the merchant's: another merchant's same key is theirs alone.
    const theirs = await paidTransaction(vendor);
    expect((await vendor.post('/v1/refund', refundOf(theirs, '1.000'), keyed(key))).statusCode).toBe(201);
    expect(await countOf('refunds', 'transaction_id = $1::integer', [transaction.id])).toBe(1);
  });

  it('does not keep a refused request’s answer: a corrected retry with the same key runs', async () => {
    const transaction = await paidTransaction();
    const key = newKey();
    const tooMuch = await merchant.post('/v1/refund', refundOf(transaction, '10.001'), keyed(key));
    expect(tooMuch.statusCode).toBe(400);
    expect(await countOf('idempotency_keys', 'key = $1::text', [key])).toBe(0);
    const corrected = await merchant.post('/v1/refund', refundOf(transaction, '10.000'), keyed(key));
    expect(corrected.statusCode, corrected.body).toBe(201);
    // Reserved in full; the transaction is refunded once the refund is processed.
    expect(await pendingOf(transaction)).toEqual({ pending: '0.000', status: 'success' });
  });

  it('lets a key go after 24 hours', async () => {
    const transaction = await paidTransaction();
    const key = newKey();
    expect((await merchant.post('/v1/refund', refundOf(transaction, '1.000'), keyed(key))).statusCode).toBe(201);
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    setClock(() => later);
    const reused = await merchant.post('/v1/refund', refundOf(transaction, '2.000'), keyed(key));
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await countOf('refunds', 'transaction_id = $1::integer', [transaction.id])).toBe(2);
  });

  it('runs one of several requests sent at once with the same key; the others wait or get 409', async () => {
    const transaction = await paidTransaction();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => merchant.post('/v1/refund', refundOf(transaction, '1.000'), keyed(key))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(),
    ).toBe(true);
    expect(
      answers.filter((answer) => answer.statusCode === 201 && !answer.headers['idempotent-replayed']),
    ).toHaveLength(1);
    for (const busy of answers.filter((answer) => answer.statusCode === 409))
      expect(busy.json().message).toBe(
        'A request with this Idempotency-Key is still being processed; try again shortly',
      );
    expect(await countOf('refunds', 'transaction_id = $1::integer', [transaction.id])).toBe(1);
    expect((await pendingOf(transaction)).pending).toBe('9.000');

    const { reference_no: reference } = await created(merchant, '/v1/invoice', quick);
    const payKey = newKey();
    const payments = await Promise.all(
      Array.from({ length: 6 }, () =>
        anonymous.post(`/v1/pay/${reference}`, { method: 'card', card: card(TEST_CARDS.success) }, keyed(payKey)),
      ),
    );
    expect(payments.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
    expect(await transactionsOf(server, reference)).toHaveLength(1);
  });

  it('never refunds more than a transaction holds, with requests at once and no keys', async () => {
    const transaction = await paidTransaction(merchant, '10.000');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => merchant.post('/v1/refund', refundOf(transaction, '3.000'))),
    );
    const made = answers.filter((answer) => answer.statusCode === 201);
    expect(made).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        refund_amount: 'Refund amount must be less than or equal to the pending amount',
      });
    }
    const [sum] = await db().query<{ total: string }>(
      `select sum(refund_amount)::text as total from refunds where transaction_id = $1::integer`,
      [transaction.id],
    );
    expect(sum.total).toBe('9.000');
    expect(await pendingOf(transaction)).toEqual({ pending: '1.000', status: 'success' });

    // A cancelled refund gives its amount back.
    const cancelled = await merchant.post(`/v1/refund/${made[0].json().id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await pendingOf(transaction)).pending).toBe('4.000');
  });

  it('keeps the pending amount exact when refunds are cancelled while others are made', async () => {
    // A few rounds: the two writes meet in the database only now and then.
    for (let round = 0; round < 4; round++) {
      const transaction = await paidTransaction(merchant, '10.000');
      const first: Row[] = [];
      for (let i = 0; i < 5; i++) first.push(await created(merchant, '/v1/refund', refundOf(transaction, '1.000')));
      const answers = await Promise.all([
        ...first.map((refund) => merchant.post(`/v1/refund/${String(refund.id)}/cancel`)),
        ...Array.from({ length: 5 }, () => merchant.post('/v1/refund', refundOf(transaction, '1.000'))),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 201, 201, 201, 201, 201]);
      const [held] = await db().query<{ total: string }>(
        `select coalesce(sum(refund_amount), 0)::numeric(15,3)::text as total from refunds
          where transaction_id = $1::integer and status <> 'cancelled'`,
        [transaction.id],
      );
      expect(held.total).toBe('5.000');
      expect(await pendingOf(transaction), `round ${round}`).toEqual({ pending: '5.000', status: 'success' });
    }
  });

  it('takes a capture once per key from what the authorized transaction holds', async () => {
    const [authorized] = await db().query<Row>(
      `select t.id, pending_amount::text as pending_amount from transactions t join merchants m on m.id = t.merchant_id
       where m.email = $1::text and t.status = 'authorized' and t.pending_amount >= 1 order by t.id limit 1`,
      [ACCOUNTS.merchant.email],
    );
    const body = {
      transaction_id: authorized.id,
      capture_type: 'partial',
      pending_amount: authorized.pending_amount,
      amount: '0.500',
    };
    const key = newKey();
    const first = await merchant.post('/v1/capture', body, keyed(key));
    expect(first.statusCode, first.body).toBe(201);
    const again = await merchant.post('/v1/capture', body, keyed(key));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countOf('captures', 'transaction_id = $1::integer', [authorized.id])).toBe(1);
    // Captured once: the transaction holds what was captured, the rest of the authorisation released.
    const [after] = await db().query<{ captured: string; status: string }>(
      `select captured_amount::numeric(15,3)::text as captured, status from transactions where id = $1::integer`,
      [authorized.id],
    );
    expect(after).toEqual({ captured: '0.500', status: 'success' });
  });

  it('documents the header on the payment, refund and capture calls only', async () => {
    const { paths } = (await merchant.get('/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const hasKey = (path: string) =>
      (paths[path].post.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
    expect(hasKey('/v1/refund')).toBe(true);
    expect(hasKey('/v1/capture')).toBe(true);
    expect(hasKey('/v1/pay/{reference}')).toBe(true);
    expect(hasKey('/v1/invoice')).toBe(false);
  });
});
