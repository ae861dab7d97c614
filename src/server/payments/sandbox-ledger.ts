import type { Queryable } from '../db/database';
import type { Charge, Network } from './processor';

/**
 * The sandbox processor's side of every card and wallet payment, kept in `sandbox_payments` as a
 * real processor keeps its own books: the gateway asks it about a payment by its payment id
 * (enquiry, the retry of an incomplete payment) and asks it to capture, void or refund, and it
 * answers from what it recorded, never from the gateway's copy. A pending test card is settled
 * (paid or failed, by the card) once 10 minutes have passed since the attempt. Cash never reaches
 * the processor. Every call runs in the caller's database transaction.
 */

/** How long the processor takes to hear back about a pending attempt. */
export const SETTLE_AFTER_MS = 10 * 60_000;

/** The processor's status of a payment. */
export type SandboxStatus = 'success' | 'failed' | 'pending' | 'authorized' | 'voided';

export interface SandboxPayment {
  paymentId: string;
  merchantId: number;
  method: string;
  network: Network;
  /** Integer fils charged or authorised. */
  amount: bigint;
  status: SandboxStatus;
  /** Integer fils captured of an authorisation (the whole amount of a payment charged at once). */
  captured: bigint;
  /** Integer fils refunded so far. */
  refunded: bigint;
  createdAt: Date;
}

type Row = {
  payment_id: string;
  merchant_id: number;
  method: string;
  network: string;
  amount: string | number | bigint;
  status: string;
  settles_as: string | null;
  settles_at: string | Date | null;
  captured: string | number | bigint;
  refunded: string | number | bigint;
  created_at: string | Date;
};

const paymentOf = (row: Row): SandboxPayment => ({
  paymentId: row.payment_id,
  merchantId: row.merchant_id,
  method: row.method,
  network: row.network as Network,
  amount: BigInt(row.amount),
  status: row.status as SandboxStatus,
  captured: BigInt(row.captured),
  refunded: BigInt(row.refunded),
  createdAt: new Date(row.created_at),
});

/** Records an attempt the processor answered (one with a payment id: a card or a wallet). */
export async function rememberCharge(
  q: Queryable,
  merchantId: number,
  method: string,
  charge: Charge,
  amount: bigint,
  now: Date,
): Promise<void> {
  if (!charge.paymentId || !charge.network) return;
  const settles = charge.status === 'pending' && charge.settlesAs;
  await q.query(
    `insert into sandbox_payments
       (payment_id, merchant_id, method, network, amount, status, settles_as, settles_at, captured, refunded,
        created_at, updated_at)
     values ($1::text, $2::integer, $3::text, $4::text, $5::bigint, $6::text, $7::text, $8::timestamptz,
             $9::bigint, 0, $10::timestamptz, $10::timestamptz)`,
    [
      charge.paymentId,
      merchantId,
      method,
      charge.network,
      amount.toString(),
      charge.status,
      settles ? charge.settlesAs : null,
      settles ? new Date(now.getTime() + SETTLE_AFTER_MS).toISOString() : null,
      (charge.status === 'success' ? amount : 0n).toString(),
      now.toISOString(),
    ],
  );
}

/**
 * What the processor says of `paymentId` at `now`, locked for the caller's transaction: a pending
 * attempt whose time has come is settled first. Null when the processor never saw it, or saw it
 * for another merchant.
 */
export async function enquire(
  q: Queryable,
  merchantId: number,
  paymentId: string,
  now: Date,
): Promise<SandboxPayment | null> {
  const [row] = await q.query<Row>(
    `select * from sandbox_payments where payment_id = $1::text and merchant_id = $2::integer for update`,
    [paymentId, merchantId],
  );
  if (!row) return null;
  if (row.status !== 'pending' || !row.settles_as || !row.settles_at || new Date(row.settles_at) > now)
    return paymentOf(row);
  const [settled] = await q.query<Row>(
    `update sandbox_payments
     set status = settles_as, captured = case when settles_as = 'success' then amount else 0 end,
         settles_as = null, settles_at = null, updated_at = $2::timestamptz
     where payment_id = $1::text returning *`,
    [paymentId, now.toISOString()],
  );
  return paymentOf(settled);
}

/** Why the processor refused a capture, a void or a refund. */
export type SandboxRefusal =
  'NOT_FOUND' | 'NOT_AUTHORIZED' | 'ABOVE_AUTHORIZED' | 'NOT_CAPTURED' | 'ABOVE_CAPTURED' | 'LOCAL_DEBIT_WALLET';

export type SandboxAnswer = { ok: true; payment: SandboxPayment } | { ok: false; refusal: SandboxRefusal };

async function change(q: Queryable, paymentId: string, set: string, values: unknown[], now: Date) {
  const [row] = await q.query<Row>(
    `update sandbox_payments set ${set}, updated_at = $2::timestamptz where payment_id = $1::text returning *`,
    [paymentId, now.toISOString(), ...values],
  );
  return paymentOf(row);
}

/** The authorisation `paymentId` as the processor holds it now, or why it holds none. */
async function authorization(q: Queryable, merchantId: number, paymentId: string, now: Date): Promise<SandboxAnswer> {
  const payment = await enquire(q, merchantId, paymentId, now);
  if (!payment) return { ok: false, refusal: 'NOT_FOUND' };
  if (payment.status !== 'authorized') return { ok: false, refusal: 'NOT_AUTHORIZED' };
  return { ok: true, payment };
}

/**
 * Captures `amount` fils of an authorisation: the whole of it or, once, a part; with `release` the
 * rest of the authorisation is let go (the processor then calls the payment charged).
 */
export async function capture(
  q: Queryable,
  merchantId: number,
  paymentId: string,
  amount: bigint,
  now: Date,
): Promise<SandboxAnswer> {
  const held = await authorization(q, merchantId, paymentId, now);
  if (!held.ok) return held;
  if (amount <= 0n || amount > held.payment.amount) return { ok: false, refusal: 'ABOVE_AUTHORIZED' };
  const captured = await change(q, paymentId, `status = 'success', captured = $3::bigint`, [amount.toString()], now);
  return { ok: true, payment: captured };
}

/** Lets an authorisation go without capturing anything. */
export async function voidAuthorization(
  q: Queryable,
  merchantId: number,
  paymentId: string,
  now: Date,
): Promise<SandboxAnswer> {
  const held = await authorization(q, merchantId, paymentId, now);
  if (!held.ok) return held;
  return { ok: true, payment: await change(q, paymentId, `status = 'voided'`, [], now) };
}

/**
 * Refunds `amount` fils of a charged payment, never more than was captured and not yet refunded.
 * Wallet payments that went through the local debit network cannot be refunded by the gateway.
 */
export async function refund(
  q: Queryable,
  merchantId: number,
  paymentId: string,
  amount: bigint,
  now: Date,
): Promise<SandboxAnswer> {
  const payment = await enquire(q, merchantId, paymentId, now);
  if (!payment) return { ok: false, refusal: 'NOT_FOUND' };
  if (payment.network === 'knet' && payment.method !== 'card') return { ok: false, refusal: 'LOCAL_DEBIT_WALLET' };
  if (payment.status !== 'success') return { ok: false, refusal: 'NOT_CAPTURED' };
  if (amount <= 0n || payment.refunded + amount > payment.captured) return { ok: false, refusal: 'ABOVE_CAPTURED' };
  return {
    ok: true,
    payment: await change(q, paymentId, `refunded = refunded + $3::bigint`, [amount.toString()], now),
  };
}
