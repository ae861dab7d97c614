import { normaliseKwd } from '../../shared/money';
import type { PayMethod, PaymentStatus, Receipt } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError } from '../kernel/api-error';
import { payMerchant } from './payable';
import { storeOf } from './stores';

/** The public receipt of one transaction (`GET /v1/pay/receipt/:transactionReference`). */

interface ReceiptRow {
  [column: string]: unknown;
  merchant_id: number;
  reference_no: string;
  invoice_reference: string | null;
  customer_name: string | null;
  amount: string;
  payment_method: PayMethod;
  status: PaymentStatus;
  result_code: string | null;
  auth_code: string | null;
  payment_id: string | null;
  track_id: string | null;
  card_last4: string | null;
  created_at: string;
}

/** The receipt of the transaction `reference`; 404 when there is none. */
export async function receiptOf(ctx: ServerContext, q: Queryable, reference: string): Promise<Receipt> {
  const [row] = await q.query<ReceiptRow>(
    `select * from ${storeOf(ctx, 'transaction').table} where reference_no = $1::text order by id limit 1`,
    [reference],
  );
  if (!row) throw new ApiError(404, 'app.message.pay_receipt_unknown');
  return {
    transaction_reference: row.reference_no,
    invoice_reference: row.invoice_reference,
    merchant: await payMerchant(q, row.merchant_id),
    customer_name: row.customer_name,
    amount: normaliseKwd(String(row.amount)),
    currency: 'KWD',
    method: row.payment_method,
    status: row.status,
    result_code: row.result_code ?? '',
    auth_code: row.auth_code,
    payment_id: row.payment_id,
    track_id: row.track_id,
    card_last4: row.card_last4 ?? null,
    created_at: row.created_at,
  };
}
