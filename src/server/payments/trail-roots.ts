import type { TrailEntity } from '../../shared/money-trail';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { notFound } from '../kernel/api-error';
import { storeOf } from '../storage/entity-stores';

/**
 * Where a money trail starts: the chains (roots) a record of the merchant belongs to. A payment's
 * chain is its invoice's — found by the invoice's reference, or a part's (`<reference>-<seq>`) —
 * or, for a payment without one (an open invoice's, a subscription's), the payment itself. A
 * refund or capture is in its transaction's chain; a payment transfer in those of the transactions
 * it paid out and of the refunds it deducted. Another merchant's record, or none, is 404.
 */

/** A chain: an invoice's, or a lone payment's. */
export type RootKey = { invoice: number } | { transaction: number };

export const rootKey = (root: RootKey) => ('invoice' in root ? `i${root.invoice}` : `t${root.transaction}`);

const idList = (ids: readonly number[]) => JSON.stringify([...new Set(ids)]);

/** The roots of the merchant's `transactionIds`, in the order of their first transaction. */
async function rootsOfTransactions(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  transactionIds: readonly number[],
): Promise<RootKey[]> {
  if (transactionIds.length === 0) return [];
  const rows = await q.query<{ id: number; invoice_id: number | null }>(
    `select t.id, coalesce(i.id, p.invoice_id) as invoice_id
     from ${storeOf(ctx, 'transaction').table} t
     left join ${storeOf(ctx, 'invoice').table} i on i.merchant_id = t.merchant_id and i.reference_no = t.invoice_reference
     left join invoice_parts p on p.merchant_id = t.merchant_id and p.reference_no = t.invoice_reference
     where t.merchant_id = $1::integer and t.id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     order by t.id`,
    [merchantId, idList(transactionIds)],
  );
  const roots = new Map<string, RootKey>();
  for (const row of rows) {
    const root: RootKey =
      row.invoice_id === null ? { transaction: Number(row.id) } : { invoice: Number(row.invoice_id) };
    if (!roots.has(rootKey(root))) roots.set(rootKey(root), root);
  }
  return [...roots.values()];
}

/** The id of the merchant's record `id` of `entity`'s table, with `column`; 404 when there is none. */
async function ownRow<T extends Record<string, unknown>>(
  q: Queryable,
  table: string,
  merchantId: number,
  id: number,
  columns: string,
): Promise<T> {
  const [row] = await q.query<T>(
    `select ${columns} from ${table} where id = $1::integer and merchant_id = $2::integer`,
    [id, merchantId],
  );
  if (!row) throw notFound();
  return row;
}

/** The chains the merchant's record `id` of `entity` belongs to; 404 for none or another merchant's. */
export async function rootsOf(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  entity: TrailEntity,
  id: number,
): Promise<RootKey[]> {
  switch (entity) {
    case 'invoice': {
      await ownRow(q, storeOf(ctx, 'invoice').table, merchantId, id, 'id');
      return [{ invoice: id }];
    }
    case 'transaction':
      await ownRow(q, storeOf(ctx, 'transaction').table, merchantId, id, 'id');
      return rootsOfTransactions(ctx, q, merchantId, [id]);
    case 'refund':
    case 'capture': {
      const row = await ownRow<{ transaction_id: number | null }>(
        q,
        storeOf(ctx, entity).table,
        merchantId,
        id,
        'transaction_id',
      );
      return row.transaction_id === null ? [] : rootsOfTransactions(ctx, q, merchantId, [Number(row.transaction_id)]);
    }
    case 'payment_transfer': {
      await ownRow(q, storeOf(ctx, 'payment_transfer').table, merchantId, id, 'id');
      const rows = await q.query<{ id: number }>(
        `select id from ${storeOf(ctx, 'transaction').table}
         where merchant_id = $1::integer
           and (transfer_id = $2::integer or id in (
             select transaction_id from ${storeOf(ctx, 'refund').table} where merchant_id = $1::integer and transfer_id = $2::integer))
         order by id`,
        [merchantId, id],
      );
      return rootsOfTransactions(
        ctx,
        q,
        merchantId,
        rows.map((row) => Number(row.id)),
      );
    }
  }
}

/** The transactions of each root (an invoice's: paid on its reference or a part's), with their root. */
export async function transactionsOfRoots(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  roots: readonly RootKey[],
): Promise<{ id: number; root: string }[]> {
  const invoiceIds = roots.flatMap((root) => ('invoice' in root ? [root.invoice] : []));
  const lone = roots.flatMap((root) => ('transaction' in root ? [{ id: root.transaction, root: rootKey(root) }] : []));
  if (invoiceIds.length === 0) return lone;
  // The invoices' references and their parts', then the payments made on them.
  const references = await q.query<{ reference_no: string; invoice_id: number }>(
    `select reference_no, id as invoice_id from ${storeOf(ctx, 'invoice').table}
     where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
     union all
     select reference_no, invoice_id from invoice_parts
     where merchant_id = $1::integer and invoice_id in (select jsonb_array_elements_text($2::text::jsonb)::integer)`,
    [merchantId, idList(invoiceIds)],
  );
  const invoiceOf = new Map(references.map((row) => [row.reference_no, Number(row.invoice_id)]));
  const rows = await q.query<{ id: number; invoice_reference: string }>(
    `select id, invoice_reference from ${storeOf(ctx, 'transaction').table}
     where merchant_id = $1::integer and invoice_reference in (select jsonb_array_elements_text($2::text::jsonb))
     order by id`,
    [merchantId, JSON.stringify([...invoiceOf.keys()])],
  );
  const paid = rows.map((row) => ({
    id: Number(row.id),
    root: rootKey({ invoice: invoiceOf.get(row.invoice_reference) ?? 0 }),
  }));
  return [...paid, ...lone];
}
