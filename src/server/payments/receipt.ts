import { normaliseKwd } from '../../shared/money';
import type { Receipt } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { assertSet, type TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { payMerchant } from './payable';

/** The public receipt of one transaction (`GET /v1/pay/receipt/:transactionReference`). */

/** The receipt of the transaction `reference`; 404 when there is none. */
export async function receiptOf(ctx: ServerContext, q: Queryable, reference: string): Promise<Receipt> {
  const [row] = await q.query<TableRow<'transaction'>>(
    `select * from ${storeOf(ctx, 'transaction').table} where reference_no = $1::text order by id limit 1`,
    [reference],
  );
  if (!row) throw new ApiError(404, 'app.message.pay_receipt_unknown');
  assertSet(row, ['reference_no', 'amount', 'payment_method', 'status', 'created_at'], 'A transaction');
  return {
    transaction_reference: row.reference_no,
    invoice_reference: row.invoice_reference,
    merchant: await payMerchant(q, row.merchant_id),
    customer_name: row.customer_name,
    amount: normaliseKwd(row.amount),
    currency: 'KWD',
    method: row.payment_method,
    status: row.status,
    result_code: row.result_code ?? '',
    auth_code: row.auth_code,
    payment_id: row.payment_id,
    track_id: row.track_id,
    card_last4: row.card_last4,
    created_at: row.created_at,
  };
}
