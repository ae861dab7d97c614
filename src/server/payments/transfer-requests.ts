import type { ServerContext } from '../context';
import { ApiError, notFound } from '../kernel/api-error';
import { storeOf } from '../storage/entity-stores';
import { lockRefunds } from './balance';
import { gatheredOf, makeTransfer, TRANSFERABLE, type TransferRecord } from './settlement-run';

/**
 * Selected transactions sent for transfer (SPEC §4): the merchant chooses settled transactions no
 * transfer holds yet and asks for them to be paid out now, as one transfer, without waiting for the
 * day's settlement run. The transfer is made as the run makes one (`makeTransfer`: their net amounts
 * less the processed refunds not yet deducted, held while support holds the merchant's transfers)
 * and paid out with the others. Under the merchant's lock, so a transaction is sent once whatever
 * runs at the same time.
 */

/** Makes one transfer of the merchant's transactions `ids` at `now`; 404 for an id not the merchant's, 409 for one not transferable. */
export async function sendForTransfer(
  ctx: ServerContext,
  merchantId: number,
  ids: number[],
  now: Date,
): Promise<TransferRecord> {
  const wanted = [...new Set(ids)];
  const table = storeOf(ctx, 'transaction').table;
  return ctx.db.transaction(async (tx) => {
    await lockRefunds(tx, merchantId);
    const rows = await tx.query<{
      id: number;
      net_amount: string;
      created_at: string | Date;
      transferable: boolean;
    }>(
      `select id, net_amount::text as net_amount, created_at, (${TRANSFERABLE}) as transferable from ${table}
       where merchant_id = $1::integer and id in (select jsonb_array_elements_text($2::text::jsonb)::integer)
       order by id for update`,
      [merchantId, JSON.stringify(wanted)],
    );
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((row) => row.transferable !== true))
      throw new ApiError(409, 'app.message.transfer_not_eligible', {
        transaction_ids: { key: 'app.message.transfer_not_eligible' },
      });
    const transfer = await makeTransfer(ctx, tx, merchantId, gatheredOf(rows), now);
    if (!transfer) throw new ApiError(409, 'app.message.transfer_not_positive');
    return transfer;
  });
}
