import type { Queryable } from '../../../src/server/db/database';
import { toFils } from '../../../src/shared/money';
import type { Findings } from './verify';
import { PAY_BODY, type Api } from './workload';

/**
 * The money rounds: the server killed while its scheduler processes refunds (the sandbox clock,
 * `SANDBOX_CLOCK=1`, moved past their 20 minutes again and again), or while captures of an
 * authorise-first merchant's authorisations are fired at once. Their ledger holds the requests the
 * server acknowledged; `verifyRefunds` and `verifyCaptures` check that what the database holds
 * agrees with the processor's own books (`sandbox_payments`) and that nothing was done twice.
 */

export interface MoneyLedger {
  /** Refund requests answered 201. */
  refunds: { id: number; transactionId: number }[];
  /** Transactions refunds were asked for, acknowledged or not. */
  refunded: Set<number>;
  /** Capture requests answered 201, with what they answered. */
  captures: { id: number; transactionId: number; amount: string; status: string }[];
  /** Authorisations captures were asked for, acknowledged or not. */
  authorised: Set<number>;
  /** Minutes the sandbox clock was moved forward before the kill. */
  advancedMinutes: number;
  /** Clock moves the server answered (each ran a scheduler tick). */
  ticks: number;
}

export const newMoneyLedger = (): MoneyLedger => ({
  refunds: [],
  refunded: new Set(),
  captures: [],
  authorised: new Set(),
  advancedMinutes: 0,
  ticks: 0,
});

const AMOUNT = '5.000';
const REFUND = '2.000';
/** Payments of a round: the payer API allows 120 attempts an address in 15 minutes. */
const MAX_PAYMENTS = 30;
/** A refund of a same-day payment waits 20 minutes: each move of the clock makes the ones before it due. */
export const STEP_MINUTES = 21;

const json = (values: unknown[]) => JSON.stringify(values);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ignore = () => undefined;

/** A list's date range around today (UTC), wide enough for a sandbox clock moved some hours on. */
const around = () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { created_at_gte: day(-1), created_at_lte: day(2) };
};

/** Pays a new invoice of 5.000 with the success card: the transaction's id and the answer's status. */
async function payInvoice(api: Api, tag: string, n: number): Promise<{ id: number; status: string } | null> {
  const invoice = await api.call('POST', '/v1/invoice', {
    kind: 'quick',
    customer_name: `${tag} invoice ${n}`,
    mobile: `965510${String(n).padStart(5, '0')}`,
    amount: AMOUNT,
  });
  if (invoice.status !== 201) return null;
  const { reference_no: reference } = JSON.parse(invoice.text) as { reference_no: string };
  const answer = await api.call('POST', `/v1/pay/${reference}`, PAY_BODY, { 'idempotency-key': `${tag}-${reference}` });
  if (answer.status !== 200) return null;
  const result = JSON.parse(answer.text) as { status: string; transaction_reference: string };
  const listed = await api.call(
    'GET',
    `/v1/report/transactions?filter=${encodeURIComponent(JSON.stringify({ q: result.transaction_reference, ...around() }))}`,
  );
  if (listed.status !== 200) return null;
  const [transaction] = JSON.parse(listed.text) as { id: number }[];
  return transaction ? { id: transaction.id, status: result.status } : null;
}

/** Moves the sandbox clock `minutes` on, which runs a scheduler tick at the new time; answers that time. */
export async function advanceClock(api: Api, minutes: number): Promise<Date | null> {
  const answer = await api.call('POST', '/v1/sandbox/clock', { advance_minutes: minutes });
  return answer.status === 200 ? new Date((JSON.parse(answer.text) as { now: string }).now) : null;
}

/**
 * Refund processing: two writers pay invoices and ask three refunds of 2.000 at once of each 5.000
 * payment (at most two may be made); once some are acknowledged, the sandbox clock is moved 21
 * minutes on again and again, each move processing the refunds then due. `processing` resolves
 * once the first move's tick is done: the kill lands in a later one, or among the requests.
 */
export function startRefundProcessing(api: Api, ledger: MoneyLedger, tag: string, next: () => number) {
  let stopped = false;
  let sequence = 0;
  let payments = 0;
  let moved: () => void = () => {};
  const processing = new Promise<void>((resolve) => (moved = resolve));

  const payAndRefund = async () => {
    if (payments >= MAX_PAYMENTS) return sleep(50);
    payments++;
    const paid = await payInvoice(api, tag, ++sequence);
    if (paid?.status !== 'success') return;
    ledger.refunded.add(paid.id);
    const body = {
      transaction_id: paid.id,
      method: 'partial',
      total_amount: AMOUNT,
      pending_amount: AMOUNT,
      refund_amount: REFUND,
    };
    await Promise.all(
      [0, 1, 2].map(async () => {
        const answer = await api.call('POST', '/v1/refund', body);
        if (answer.status === 201)
          ledger.refunds.push({ id: (JSON.parse(answer.text) as { id: number }).id, transactionId: paid.id });
      }),
    );
  };

  const moveClock = async () => {
    if (ledger.refunds.length < 4) return sleep(50);
    const sending = advanceClock(api, STEP_MINUTES);
    ledger.advancedMinutes += STEP_MINUTES;
    if (await sending) ledger.ticks++;
    moved();
    await sleep(next() * 200);
  };

  const loop = async (step: () => Promise<unknown>) => {
    while (!stopped) await step().catch(ignore);
  };
  const running = Promise.allSettled([loop(payAndRefund), loop(payAndRefund), loop(moveClock)]);
  return {
    processing,
    stop() {
      stopped = true;
    },
    finished: running,
  };
}

/**
 * Makes the merchant's quick-invoice card payments authorise first (a capture duration of
 * `days`; 0 charges at once again): its newest own service sets the terms.
 */
export async function setCaptureDays(api: Api, days: number): Promise<void> {
  const answer = await api.call('POST', '/v1/multi-vendor/services', {
    service_type: 'quick_invoice',
    payment_type: 'credit_card',
    capture_type: 'full',
    capture_days: days,
  });
  if (answer.status !== 201) throw new Error(`The capture terms were refused: ${answer.status} ${answer.text}`);
}

/**
 * Captures: two writers authorise payments of 5.000, three capture writers each take an
 * authorisation and fire two captures of the whole of it at once (one may capture it, the other
 * is refused). `capturing` resolves once a capture was acknowledged.
 */
export function startCaptures(api: Api, ledger: MoneyLedger, tag: string) {
  let stopped = false;
  let sequence = 0;
  let payments = 0;
  const authorised: number[] = [];
  let first: () => void = () => {};
  const capturing = new Promise<void>((resolve) => (first = resolve));

  const authorise = async () => {
    if (payments >= MAX_PAYMENTS || authorised.length > 6) return sleep(50);
    payments++;
    const paid = await payInvoice(api, tag, ++sequence);
    if (paid?.status === 'authorized') authorised.push(paid.id);
  };

  const capture = async () => {
    const transactionId = authorised.shift();
    if (transactionId === undefined) return sleep(30);
    ledger.authorised.add(transactionId);
    const body = { transaction_id: transactionId, capture_type: 'full', amount: AMOUNT };
    await Promise.all(
      [0, 1].map(async () => {
        const answer = await api.call('POST', '/v1/capture', body);
        if (answer.status !== 201) return;
        const { id, status } = JSON.parse(answer.text) as { id: number; status: string };
        ledger.captures.push({ id, transactionId, amount: AMOUNT, status });
        if (status === 'captured') first();
      }),
    );
  };

  const loop = async (step: () => Promise<unknown>) => {
    while (!stopped) await step().catch(ignore);
  };
  const running = Promise.allSettled([loop(authorise), loop(authorise), loop(capture), loop(capture), loop(capture)]);
  return {
    capturing,
    stop() {
      stopped = true;
    },
    finished: running,
  };
}

const fils = (value: string | null | undefined) => toFils(String(value ?? '0')) ?? 0n;

/**
 * Refunds, at any moment: every acknowledged request is there; for each transaction, the processed
 * refunds add up to its refunded amount and to the processor's, what is refunded and still pending
 * never exceeds what was captured, and the pending amount is what is left. With `settledBy` (after
 * a processing pass at that time), no refund due by then is still pending.
 */
export async function verifyRefunds(db: Queryable, ledger: MoneyLedger, settledBy?: Date): Promise<Findings> {
  const problems: string[] = [];
  let checked = 0;
  const refunds = await db.query<{ id: number; status: string; process_after: Date | string | null }>(
    `select id, status, process_after from refunds
     where id in (select value::integer from jsonb_array_elements_text($1::text::jsonb))`,
    [json(ledger.refunds.map((refund) => refund.id))],
  );
  const found = new Map(refunds.map((row) => [row.id, row]));
  for (const refund of ledger.refunds) {
    checked++;
    const row = found.get(refund.id);
    if (!row) problems.push(`acknowledged refund ${refund.id} is lost`);
    else if (!['pending', 'processed', 'failed'].includes(row.status))
      problems.push(`refund ${refund.id} is ${row.status}`);
    else if (settledBy && row.status === 'pending' && row.process_after && new Date(row.process_after) <= settledBy)
      problems.push(`refund ${refund.id} was due at ${new Date(row.process_after).toISOString()} and is still pending`);
  }

  const books = await db.query<{
    id: number;
    captured: string;
    pending: string;
    refunded: string;
    processed: string;
    waiting: string;
    processor: string | null;
  }>(
    `select t.id, t.captured_amount::text as captured, t.pending_amount::text as pending,
       t.refunded_amount::text as refunded,
       coalesce(sum(r.refund_amount) filter (where r.status = 'processed'), 0)::text as processed,
       coalesce(sum(r.refund_amount) filter (where r.status in ('pending', 'awaiting_approval')), 0)::text as waiting,
       (select s.refunded::text from sandbox_payments s where s.payment_id = t.payment_id) as processor
     from transactions t left join refunds r on r.transaction_id = t.id and r.merchant_id = t.merchant_id
     where t.id in (select value::integer from jsonb_array_elements_text($1::text::jsonb))
     group by t.id`,
    [json([...ledger.refunded])],
  );
  for (const row of books) {
    checked++;
    const [captured, pending, refunded, processed, waiting] = [
      fils(row.captured),
      fils(row.pending),
      fils(row.refunded),
      fils(row.processed),
      fils(row.waiting),
    ];
    if (processed !== refunded)
      problems.push(
        `transaction ${row.id}: processed refunds come to ${row.processed}, its refunded amount is ${row.refunded}`,
      );
    if (refunded + waiting > captured)
      problems.push(
        `transaction ${row.id}: ${row.refunded} refunded and ${row.waiting} waiting of ${row.captured} captured`,
      );
    if (pending !== captured - refunded - waiting)
      problems.push(
        `transaction ${row.id}: pending ${row.pending} is not ${row.captured} less ${row.refunded} and ${row.waiting}`,
      );
    if (BigInt(row.processor ?? '0') !== refunded)
      problems.push(
        `transaction ${row.id}: the processor refunded ${row.processor} fils, the transaction ${row.refunded}`,
      );
  }
  return { checked, problems };
}

/**
 * Captures: every acknowledged capture is there as it was answered, a captured one with its
 * transaction a success of that captured amount; for each authorisation, at most one capture took
 * it, nothing beyond the authorised amount, the processor's captured amount the same, and no
 * capture is left half done (`pending`).
 */
export async function verifyCaptures(db: Queryable, ledger: MoneyLedger): Promise<Findings> {
  const problems: string[] = [];
  let checked = 0;
  const captures = await db.query<{ id: number; status: string; amount: string }>(
    `select id, status, amount::text as amount from captures
     where id in (select value::integer from jsonb_array_elements_text($1::text::jsonb))`,
    [json(ledger.captures.map((capture) => capture.id))],
  );
  const found = new Map(captures.map((row) => [row.id, row]));
  const transactions = await db.query<{
    id: number;
    status: string;
    amount: string;
    captured: string;
    processor: string | null;
    processor_status: string | null;
    taken: number;
    half: number;
  }>(
    `select t.id, t.status, t.amount::text as amount, t.captured_amount::text as captured,
       s.captured::text as processor, s.status as processor_status,
       (select count(*) from captures c where c.transaction_id = t.id and c.status = 'captured')::integer as taken,
       (select count(*) from captures c where c.transaction_id = t.id and c.status = 'pending')::integer as half
     from transactions t left join sandbox_payments s on s.payment_id = t.payment_id
     where t.id in (select value::integer from jsonb_array_elements_text($1::text::jsonb))`,
    [json([...ledger.authorised])],
  );
  const byId = new Map(transactions.map((row) => [row.id, row]));

  for (const capture of ledger.captures) {
    checked++;
    const row = found.get(capture.id);
    const transaction = byId.get(capture.transactionId);
    if (!row) problems.push(`acknowledged capture ${capture.id} is lost`);
    else if (row.status !== capture.status)
      problems.push(`capture ${capture.id} answered ${capture.status} is ${row.status}`);
    else if (
      capture.status === 'captured' &&
      (transaction?.status !== 'success' || transaction.captured !== capture.amount)
    )
      problems.push(
        `captured ${capture.id} of ${capture.amount}: its transaction is ${transaction?.status} with ${transaction?.captured} captured`,
      );
  }

  for (const row of transactions) {
    checked++;
    const captured = fils(row.captured);
    if (row.taken > 1) problems.push(`transaction ${row.id} was captured ${row.taken} times`);
    if (row.half > 0) problems.push(`transaction ${row.id} has ${row.half} captures left pending`);
    if (captured > fils(row.amount)) problems.push(`transaction ${row.id}: ${row.captured} captured of ${row.amount}`);
    if (BigInt(row.processor ?? '0') !== captured)
      problems.push(
        `transaction ${row.id}: the processor captured ${row.processor} fils, the transaction ${row.captured}`,
      );
    const whole = row.status === 'success' && row.taken === 1 && row.processor_status === 'success';
    const untouched = row.status === 'authorized' && row.taken === 0 && captured === 0n;
    if (!whole && !untouched)
      problems.push(
        `transaction ${row.id} is ${row.status} with ${row.taken} captures, the processor's ${row.processor_status}`,
      );
  }
  return { checked, problems };
}

/** How many of the acknowledged refunds are processed, failed and still pending: what the rounds report. */
export async function refundOutcomes(db: Queryable, ledger: MoneyLedger): Promise<Record<string, number>> {
  const rows = await db.query<{ status: string; count: number }>(
    `select status, count(*)::integer as count from refunds
     where id in (select value::integer from jsonb_array_elements_text($1::text::jsonb)) group by status`,
    [json(ledger.refunds.map((refund) => refund.id))],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
