import { request } from 'node:http';
import { TEST_CARDS } from '../../../src/shared/pay';

/**
 * Writes sent to a running server by several writers at once — invoices, payments with idempotency
 * keys, refunds (several at once on one transaction, without keys) and a bulk upload of invoices —
 * and the ledger of every write the server acknowledged with a 2xx answer. Whatever was in flight
 * when the server died is not in the ledger: it may or may not have happened, but must have
 * happened whole.
 */

/** A seeded pseudo-random generator (mulberry32): the same seed, the same round. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Ledger {
  invoices: { id: number; reference: string }[];
  /** Payments answered 200 success, with the key and body they were sent with and the answer. */
  payments: { reference: string; key: string; body: unknown; answer: string; transaction: string }[];
  refunds: { id: number; transactionId: number }[];
  /** Every bulk upload sent (its file name is the tag its invoices' names start with). */
  batches: { tag: string; rows: number; acknowledged: boolean }[];
  /** Transactions refunds were sent for, acknowledged or not. */
  refunded: Set<number>;
}

export const newLedger = (): Ledger => ({ invoices: [], payments: [], refunds: [], batches: [], refunded: new Set() });

export const PAY_BODY = {
  method: 'card',
  card: { number: TEST_CARDS.success, expiry: '12/39', cvv: '123', holder: 'Durable Payer' },
};
const AMOUNT = '5.000';
const REFUND = '2.000';
const MAX_PAYMENTS = 40;

/** A signed-in caller of a server over HTTP. */
/** An answer as the checks read it. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The API as a client reaches it, signed in or not, from the loopback address `from` when given:
 * each round sends from an address of its own, so the payer API's limit of attempts an address
 * (kept in the database, across restarts) counts one round's payments, never the whole run's.
 */
export class Api {
  constructor(
    readonly baseUrl: string,
    private readonly token = '',
    readonly from?: string,
  ) {}

  static async signIn(baseUrl: string, email: string, password: string, from?: string): Promise<Api> {
    const answer = await new Api(baseUrl, '', from).call('POST', '/v1/login', { email, password });
    if (answer.status !== 200) throw new Error(`Sign-in failed: ${answer.status} ${answer.text}`);
    return new Api(baseUrl, (JSON.parse(answer.text) as { access_token: string }).access_token, from);
  }

  call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const sent = request(
        new URL(path, this.baseUrl),
        {
          method,
          ...(this.from ? { localAddress: this.from } : {}),
          headers: {
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...headers,
          },
        },
        (answer) => {
          let text = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk: string) => (text += chunk));
          answer.on('end', () => {
            const received = new Headers();
            for (const [name, value] of Object.entries(answer.headers))
              if (value !== undefined) received.set(name, Array.isArray(value) ? value.join(', ') : value);
            resolve({ status: answer.statusCode ?? 0, headers: received, text });
          });
          answer.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(payload);
    });
  }
}

/** A list's date range covering today (UTC), as the transaction report asks for one. */
const today = () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { created_at_gte: day(-1), created_at_lte: day(0) };
};

/**
 * The writers of one round, with a bulk upload of `bulkRows` invoices among them when `bulkRows` is
 * not 0; `stop()` ends their loops (requests in flight go on until the kill).
 */
export function startWriters(api: Api, ledger: Ledger, tag: string, next: () => number, bulkRows: number) {
  let stopped = false;
  let sequence = 0;
  let bulkSent: () => void = () => {};
  const bulkStarted = new Promise<void>((resolve) => (bulkSent = resolve));
  let firstPaid: () => void = () => {};
  const paying = new Promise<void>((resolve) => (firstPaid = resolve));
  const paid: { reference: string; transaction: string }[] = [];
  const unpaid: string[] = [];
  const ignore = () => undefined;

  const newInvoice = async () => {
    const n = ++sequence;
    const answer = await api.call('POST', '/v1/invoice', {
      kind: 'quick',
      customer_name: `${tag} invoice ${n}`,
      mobile: `965500${String(n).padStart(5, '0')}`,
      amount: AMOUNT,
    });
    if (answer.status !== 201) return;
    const { id, reference_no: reference } = JSON.parse(answer.text) as { id: number; reference_no: string };
    ledger.invoices.push({ id, reference });
    unpaid.push(reference);
  };

  // The payer API allows 120 attempts an address in 15 minutes; the checks after the restart replay each payment.
  let payments = 0;
  const payOne = async () => {
    const reference = payments < MAX_PAYMENTS ? unpaid.shift() : undefined;
    if (!reference) return newInvoice();
    payments++;
    const key = `${tag}-pay-${reference}`;
    const answer = await api.call('POST', `/v1/pay/${reference}`, PAY_BODY, { 'idempotency-key': key });
    if (answer.status !== 200) return;
    const result = JSON.parse(answer.text) as { status: string; transaction_reference: string };
    if (result.status !== 'success') return;
    ledger.payments.push({
      reference,
      key,
      body: PAY_BODY,
      answer: answer.text,
      transaction: result.transaction_reference,
    });
    paid.push({ reference, transaction: result.transaction_reference });
    firstPaid();
  };

  /** Three refunds of 2.000 at once on a 5.000 payment: at most two may be made. */
  const refundSome = async () => {
    const target = paid.shift();
    if (!target) return payOne();
    const listed = await api.call(
      'GET',
      `/v1/report/transactions?filter=${encodeURIComponent(JSON.stringify({ q: target.transaction, ...today() }))}`,
    );
    if (listed.status !== 200) return;
    const [transaction] = JSON.parse(listed.text) as { id: number }[];
    if (!transaction) return;
    ledger.refunded.add(transaction.id);
    const body = {
      transaction_id: transaction.id,
      method: 'partial',
      total_amount: AMOUNT,
      pending_amount: AMOUNT,
      refund_amount: REFUND,
    };
    await Promise.all(
      [0, 1, 2].map(async () => {
        const answer = await api.call('POST', '/v1/refund', body);
        if (answer.status === 201)
          ledger.refunds.push({ id: (JSON.parse(answer.text) as { id: number }).id, transactionId: transaction.id });
      }),
    );
  };

  const loop = async (step: () => Promise<unknown>) => {
    while (!stopped) await step().catch(ignore);
  };

  const bulk = async () => {
    await new Promise((resolve) => setTimeout(resolve, next() * 300));
    const batchTag = `${tag} bulk`;
    const batch = { tag: batchTag, rows: bulkRows, acknowledged: false };
    ledger.batches.push(batch);
    const rows = Array.from({ length: bulkRows }, (_, i) => ({
      row: i + 2,
      values: { customer_name: `${batchTag} ${i}`, mobile: `9655${String(i).padStart(7, '0')}`, amount: '1.250' },
    }));
    const sending = api.call('POST', '/v1/invoice-bulk-upload', { file_name: batchTag, rows });
    bulkSent();
    const answer = await sending;
    batch.acknowledged = answer.status === 201;
  };

  const running = Promise.allSettled([
    loop(newInvoice),
    loop(newInvoice),
    loop(payOne),
    loop(payOne),
    loop(refundSome),
    bulkRows > 0 ? bulk().catch(ignore) : null,
  ]);
  return {
    bulkStarted,
    /** Resolves once a payment was acknowledged: payments are under way. */
    paying,
    stop() {
      stopped = true;
    },
    /** Resolves once every writer has ended (after the kill, their requests fail). */
    finished: running,
  };
}
