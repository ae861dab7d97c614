import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { setAdminCharge, setCommission, setSaleAdminCharge } from '../support/fees';

/**
 * The demo merchant's fees, set the way support sets them (`support/fees.ts`), before its payments
 * are made so that each payment carries the admin charge and commission the product computes: the
 * standard admin charges written out (so the merchant sees them), and a dynamic commission on
 * cards of 0.5%, at least 0.050 KWD.
 */
export async function seedDemoFees(ctx: ServerContext, tx: Queryable, email: string): Promise<void> {
  await setAdminCharge(tx, ctx, email, 'card', { percent: '2.5' });
  await setAdminCharge(tx, ctx, email, 'apple_pay', { percent: '2' });
  await setAdminCharge(tx, ctx, email, 'google_pay', { percent: '2' });
  await setAdminCharge(tx, ctx, email, 'cash', { percent: '0' });
  await setCommission(tx, ctx, email, 'card', { percent: '0.5', min_amount: '0.050' });
}

/** A charge of its own on card payments for the orders of the demo merchant's first sale list. */
export async function seedDemoSaleFees(ctx: ServerContext, tx: Queryable, email: string): Promise<void> {
  const [list] = await tx.query<{ reference_no: string }>(
    `select s.reference_no from ${storeOf(ctx, 'sale_list').table} s join merchants m on m.id = s.merchant_id
     where m.email = $1::text order by s.id limit 1`,
    [email],
  );
  if (list)
    await setSaleAdminCharge(tx, ctx, email, list.reference_no, 'card', { percent: '2', fixed_amount: '0.100' });
}
