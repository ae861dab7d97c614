import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { lockRefunds } from './balance';

/**
 * Support may hold a merchant's payment transfers (SPEC §4), with a reason: while held, its
 * transfers not yet paid out, and those the settlement run makes meanwhile, are `on_hold` with
 * that reason and are not paid out. Released, they are `not_transferred` again, and the next day's
 * settlement run pays them out. Both run under the merchant's lock, as the settlement run does.
 */

/** The reason support holds the merchant's transfers, or null when it does not. */
export async function holdReasonOf(q: Queryable, merchantId: number): Promise<string | null> {
  const [row] = await q.query<{ reason: string }>(`select reason from transfer_holds where merchant_id = $1::integer`, [
    merchantId,
  ]);
  return row?.reason ?? null;
}

/** Holds the merchant's transfers with `reason` (a new reason replaces the old); returns how many it held. */
export async function holdTransfers(
  ctx: ServerContext,
  merchantId: number,
  reason: string,
  now: Date,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockRefunds(tx, merchantId);
    await tx.query(
      `insert into transfer_holds (merchant_id, reason, held_at) values ($1::integer, $2::text, $3::timestamptz)
       on conflict (merchant_id) do update set reason = excluded.reason, held_at = excluded.held_at`,
      [merchantId, reason, now.toISOString()],
    );
    return setStatus(ctx, tx, merchantId, ['not_transferred', 'on_hold'], { status: 'on_hold', hold_reason: reason });
  });
}

/** Releases the merchant's transfers: they wait for the next settlement run to be paid out. Returns how many. */
export async function releaseTransfers(ctx: ServerContext, merchantId: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockRefunds(tx, merchantId);
    await tx.query(`delete from transfer_holds where merchant_id = $1::integer`, [merchantId]);
    return setStatus(ctx, tx, merchantId, ['on_hold'], { status: 'not_transferred', hold_reason: null });
  });
}

async function setStatus(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  from: string[],
  values: { status: 'on_hold' | 'not_transferred'; hold_reason: string | null },
): Promise<number> {
  const store = storeOf(ctx, 'payment_transfer');
  const rows = await q.query<{ id: number }>(
    `select id from ${store.table} where merchant_id = $1::integer and status in (select jsonb_array_elements_text($2::text::jsonb))
     order by id for update`,
    [merchantId, JSON.stringify(from)],
  );
  for (const row of rows) await store.update(q, merchantId, row.id, values, 'patch');
  return rows.length;
}
