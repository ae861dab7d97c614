import type { Queryable } from '../../../src/server/db/database';
import type { Api, Ledger } from './workload';

/**
 * What must hold after a kill, read straight from the database (opened anew, so the embedded one
 * recovers from its write-ahead log first) and through the restarted server: every acknowledged
 * write is there, every bulk upload is whole or absent, and no transaction is refunded beyond
 * what it was paid.
 */

export interface Findings {
  /** Acknowledged writes looked for. */
  checked: number;
  /** What is wrong, one line each; empty when all holds. */
  problems: string[];
}

const json = (values: unknown[]) => JSON.stringify(values);

/** JSON with sorted keys: jsonb keeps an object's keys in an order of its own. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, sorted((value as Record<string, unknown>)[name])]),
        )
      : value;
const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

/** Checks the ledger against the database. */
export async function verifyDatabase(db: Queryable, ledger: Ledger): Promise<Findings> {
  const problems: string[] = [];
  let checked = 0;

  const invoices = await db.query<{ id: number; reference_no: string }>(
    `select id, reference_no from invoices where id in (select value::integer from jsonb_array_elements_text($1::text::jsonb))`,
    [json(ledger.invoices.map((invoice) => invoice.id))],
  );
  const found = new Map(invoices.map((row) => [row.id, row.reference_no]));
  for (const invoice of ledger.invoices) {
    checked++;
    if (found.get(invoice.id) !== invoice.reference)
      problems.push(`acknowledged invoice ${invoice.id} ${invoice.reference} is lost`);
  }

  const payments = await db.query<{ reference_no: string; status: string; paid: string | null; answer: unknown }>(
    `select t.reference_no, t.status, i.status as paid, k.body as answer
     from transactions t
     left join invoices i on i.reference_no = t.invoice_reference and i.merchant_id = t.merchant_id
     left join idempotency_keys k on k.scope = 'pay:' || t.invoice_reference
     where t.reference_no in (select value from jsonb_array_elements_text($1::text::jsonb))`,
    [json(ledger.payments.map((payment) => payment.transaction))],
  );
  const paid = new Map(payments.map((row) => [row.reference_no, row]));
  for (const payment of ledger.payments) {
    checked++;
    const row = paid.get(payment.transaction);
    if (!row) problems.push(`acknowledged payment ${payment.transaction} of ${payment.reference} is lost`);
    else if (row.status !== 'success' || row.paid !== 'paid')
      problems.push(`payment ${payment.transaction} is ${row.status}, its invoice ${row.paid}`);
    else if (!same(row.answer, JSON.parse(payment.answer)))
      problems.push(`the answer kept for the key of payment ${payment.transaction} differs from the one given`);
  }

  const refunds = await db.query<{ id: number }>(
    `select id from refunds where id in (select value::integer from jsonb_array_elements_text($1::text::jsonb))`,
    [json(ledger.refunds.map((refund) => refund.id))],
  );
  const refundIds = new Set(refunds.map((row) => row.id));
  for (const refund of ledger.refunds) {
    checked++;
    if (!refundIds.has(refund.id)) problems.push(`acknowledged refund ${refund.id} is lost`);
  }

  const overdrawn = await db.query<{ id: number; amount: string; pending: string; refunded: string }>(
    `select t.id, t.amount::text as amount, t.pending_amount::text as pending,
       coalesce(sum(r.refund_amount) filter (where r.status not in ('cancelled', 'failed')), 0)::text as refunded
     from transactions t left join refunds r on r.transaction_id = t.id and r.merchant_id = t.merchant_id
     where t.id in (select value::integer from jsonb_array_elements_text($1::text::jsonb))
     group by t.id
     having coalesce(sum(r.refund_amount) filter (where r.status not in ('cancelled', 'failed')), 0) > t.amount
        or t.pending_amount <> t.amount - coalesce(sum(r.refund_amount) filter (where r.status not in ('cancelled', 'failed')), 0)`,
    [json([...ledger.refunded])],
  );
  for (const row of overdrawn)
    problems.push(`transaction ${row.id} of ${row.amount} has ${row.refunded} refunded and ${row.pending} pending`);

  for (const batch of ledger.batches) {
    const [row] = await db.query<{ invoices: number; uploads: number }>(
      `select (select count(*) from invoices where customer_name like $1::text || ' %')::integer as invoices,
              (select count(*) from bulk_uploads where file_name = $1::text)::integer as uploads`,
      [batch.tag],
    );
    if (batch.acknowledged) checked++;
    const whole = row.invoices === batch.rows && row.uploads === 1;
    const absent = row.invoices === 0 && row.uploads === 0;
    if (batch.acknowledged && !whole)
      problems.push(`acknowledged bulk upload ${batch.tag} has ${row.invoices} invoices`);
    else if (!whole && !absent)
      problems.push(`bulk upload ${batch.tag} is half applied: ${row.invoices} of ${batch.rows} invoices`);
  }
  return { checked, problems };
}

/** Through the restarted server: each acknowledged payment's key answers the same result again. */
export async function verifyReplays(api: Api, ledger: Ledger): Promise<Findings> {
  const problems: string[] = [];
  for (const payment of ledger.payments) {
    const answer = await api.call('POST', `/v1/pay/${payment.reference}`, payment.body, {
      'idempotency-key': payment.key,
    });
    if (answer.status !== 200 || answer.headers.get('idempotent-replayed') !== 'true' || answer.text !== payment.answer)
      problems.push(`payment ${payment.transaction}: a retry with its key answers ${answer.status} ${answer.text}`);
  }
  return { checked: ledger.payments.length, problems };
}
