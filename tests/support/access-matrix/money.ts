import type { Client } from '../../api/helpers/client';
import { paidNow } from '../../api/helpers/pay';
import type { TestServer } from '../../api/helpers/server';

/** Payments of today made for the matrix: each refund it creates takes all one of them holds. */
const PAYMENTS = 8;

/**
 * Money records made now, through the payer API, for the matrix to act on: the demo's refunds are
 * of earlier days' payments (no longer cancellable) and not every merchant has an authorisation
 * waiting for its capture. A merchant's newest refunds become ones that may still be cancelled,
 * and its newest authorisations ones that may be captured.
 */
export async function freshMoneyRecords(server: TestServer, admin: Client, merchantId: number): Promise<void> {
  for (let i = 0; i < PAYMENTS - 1; i += 1) await paidNow(server, admin, '6.000');
  const payment = await paidNow(server, admin, '6.000');
  const refund = await admin.post('/v1/refund', {
    transaction_id: payment.id,
    method: 'partial',
    total_amount: payment.amount,
    pending_amount: payment.pending_amount,
    refund_amount: '1.000',
  });
  if (refund.statusCode !== 201) throw new Error(`Refund of ${payment.reference_no}: ${refund.body}`);

  // Authorise first: the merchant's own quick-invoice service keeps card payments for a capture.
  const db = server.app.bawaba.db;
  const [service] = await db.query<{ id: number }>(
    `insert into merchant_services (merchant_id, service_type, payment_type, capture_type, capture_days)
     values ($1::integer, 'quick_invoice', 'credit_card', 'partial', 3) returning id`,
    [merchantId],
  );
  try {
    for (let i = 0; i < 3; i += 1) await authorised(server, admin);
  } finally {
    await db.query(`delete from merchant_services where id = $1::integer`, [service.id]);
  }
}

/** A new invoice of the merchant paid with the success card under authorise-first terms. */
async function authorised(server: TestServer, admin: Client): Promise<void> {
  const authorisation = await paidNow(server, admin, '9.000');
  if (authorisation.status !== 'authorized') throw new Error(`${authorisation.reference_no} was not authorised`);
}
