/**
 * Which card payments paid a tenant's rent invoices and deposits. A tenant pays one or several at
 * once on their page: one payment (`tenant_payments`, the transaction's `invoice_reference`) of
 * its items (`tenant_payment_items`, each a record and its amount). A payment made on a record's
 * own reference counts too.
 */

/** The tenant payments' tables (`storage/system-tables.ts`). */
const PAYMENTS = 'tenant_payments';
const ITEMS = 'tenant_payment_items';

/**
 * SQL of the payments that took money for the merchant's records of `entity` (`$1` the merchant):
 * a row per record and payment with `record_id`, `amount` (what of the payment was the record's,
 * KWD), `transaction_id` and `status` (the transaction's: `success`, `refunded`…). `table` is the
 * records' table, `transactions` the transactions'.
 */
export function itemPaymentsSql(entity: 'rent_invoice' | 'deposit', table: string, transactions: string): string {
  return `select i.record_id, i.amount, t.id as transaction_id, t.status
            from ${ITEMS} i
            join ${PAYMENTS} p on p.id = i.tenant_payment_id and p.status = 'paid'
            join ${transactions} t on t.merchant_id = p.merchant_id and t.reference_no = p.transaction_reference
           where i.merchant_id = $1::integer and i.entity = '${entity}'
          union all
          select r.id as record_id, t.captured_amount as amount, t.id as transaction_id, t.status
            from ${table} r
            join ${transactions} t on t.merchant_id = r.merchant_id and t.invoice_reference = r.reference_no
           where r.merchant_id = $1::integer`;
}
