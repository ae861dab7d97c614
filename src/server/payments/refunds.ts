import type { EntityRecord } from '../../generated/entities';
import { fromFils, toFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { EffectScope } from '../effects';
import { fieldError } from '../kernel/api-error';
import { queueWebhook, type WebhookEvent } from '../messaging/webhooks';
import { storeOf } from '../storage/entity-stores';
import { lockRefunds, unsettledBalance } from './balance';
import { kuwaitToday } from './kuwait-time';
import { refund as sandboxRefund, type SandboxRefusal } from './sandbox-ledger';
import { filsOf, type TransactionRecord } from './transactions';

/**
 * Refunds (SPEC §9). A request takes its amount from the transaction's pending amount at once
 * (`movePending`), so requests never promise more than was paid. A refund of a payment made the
 * same Kuwait day waits 20 minutes, during which it can be cancelled; an older payment's refund is
 * processed at the next scheduler pass. An employee's refund above the merchant's approval amount
 * (`refund_approval_above`) first waits for the admin. Processing asks the sandbox processor to
 * refund, provided the merchant's unsettled balance covers it (`balance.ts`); a refund that fails
 * gives its amount back. Either outcome is announced to the merchant's webhook.
 */

export type RefundRecord = EntityRecord<'refund'>;

/** How long a refund of a payment made the same Kuwait day waits, and can be cancelled. */
export const SAME_DAY_HOLD_MS = 20 * 60_000;

const BATCH = 100;

/** Why a refund failed, as `refund.failure_reason` names it. */
export type FailureReason = NonNullable<RefundRecord['failure_reason']>;

/** When a refund asked for (or approved) at `at` of a payment made at `paidAt` is processed. */
export function processAfter(paidAt: Date, at: Date): Date {
  const sameDay = kuwaitToday(paidAt) === kuwaitToday(at);
  return sameDay ? new Date(at.getTime() + SAME_DAY_HOLD_MS) : at;
}

/** 400 with the message on the transaction field, where the refund form shows it. */
const refused = (key: string) => fieldError('transaction_id', key);

/**
 * Refuses, before anything is written, a refund the gateway can never process: a cash payment (no
 * processor took part) and a wallet payment made through KNET, the local debit network.
 */
export function checkRefundable(transaction: Pick<TransactionRecord, 'payment_method' | 'network'>): void {
  if (transaction.payment_method === 'cash') throw refused('app.message.refund_cash');
  const wallet = transaction.payment_method === 'apple_pay' || transaction.payment_method === 'google_pay';
  if (wallet && transaction.network === 'knet') throw refused('app.message.refund_local_debit_wallet');
}

/** The merchant's approval amount in fils: an employee's refund above it waits for the admin; null when never. */
async function approvalAbove(ctx: ServerContext, q: Queryable, merchantId: number): Promise<bigint | null> {
  const entity = ctx.entities.find((candidate) => candidate.$id === 'merchant');
  if (!entity?.['x-resource'].own) return null;
  const own = await ctx.own.read(q, entity, merchantId);
  const above = toFils(String(own.refund_approval_above ?? ''));
  return above === null || above === 0n ? null : above;
}

/** The transaction a refund is of, locked until the caller's transaction ends. */
async function transactionOf(ctx: ServerContext, q: Queryable, merchantId: number, refund: RefundRecord) {
  if (refund.transaction_id === undefined) return null;
  return storeOf(ctx, 'transaction').get(q, merchantId, refund.transaction_id, { lock: true });
}

/**
 * What a new refund request becomes (its create effect, after its amount was taken from the
 * transaction): refused for cash and KNET wallet payments; waiting for the admin when an employee
 * asks above the approval amount; otherwise pending until `process_after`.
 */
export async function refundRequested(
  ctx: ServerContext,
  scope: EffectScope,
  refund: RefundRecord,
  now: Date,
): Promise<RefundRecord> {
  const transaction = await transactionOf(ctx, scope.tx, scope.merchantId, refund);
  if (!transaction) return refund;
  checkRefundable(transaction);
  const above = await approvalAbove(ctx, scope.tx, scope.merchantId);
  const waits = scope.role === 'employee' && above !== null && filsOf(refund.refund_amount) > above;
  const paidAt = new Date(String(transaction.created_at));
  const values = waits
    ? { status: 'awaiting_approval' as const }
    : {
        status: 'pending' as const,
        process_after: processAfter(paidAt, now).toISOString(),
        approved_by: scope.actor,
        approved_on: now.toISOString(),
      };
  const updated = await storeOf(ctx, 'refund').update(
    scope.tx,
    scope.merchantId,
    refund.id,
    { ...values, requested_by: scope.actor },
    'patch',
    scope.actor,
  );
  return updated ?? refund;
}

/** The admin approved a waiting refund: it is processed as if asked now (the 20 minutes count from here). */
export async function refundApproved(
  ctx: ServerContext,
  scope: EffectScope,
  refund: RefundRecord,
  now: Date,
): Promise<RefundRecord> {
  const transaction = await transactionOf(ctx, scope.tx, scope.merchantId, refund);
  if (!transaction) return refund;
  const updated = await storeOf(ctx, 'refund').update(
    scope.tx,
    scope.merchantId,
    refund.id,
    {
      process_after: processAfter(new Date(String(transaction.created_at)), now).toISOString(),
      approved_by: scope.actor,
      approved_on: now.toISOString(),
    },
    'patch',
    scope.actor,
  );
  return updated ?? refund;
}

/** The processor's refusal as a failure reason. */
const reasonOf = (refusal: SandboxRefusal): FailureReason =>
  refusal === 'LOCAL_DEBIT_WALLET' ? 'local_debit_wallet' : 'not_refundable';

/** Queues the webhook of a processed or failed refund in the caller's transaction. */
async function announceRefund(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  transaction: TransactionRecord,
  refund: RefundRecord,
  event: WebhookEvent,
): Promise<void> {
  await queueWebhook(q, ctx, merchantId, {
    transaction,
    event,
    extra: {
      refund: {
        document_no: refund.document_no ?? null,
        refund_amount: String(refund.refund_amount),
        refunded_amount: String(transaction.refunded_amount ?? '0'),
        status: String(refund.status),
        failure_reason: refund.failure_reason ?? null,
      },
    },
  });
}

/**
 * Processes one claimed refund in the caller's transaction: the processor refunds it when the
 * balance covers it (the transaction's refunded amount grows; refunded in full, it is `refunded`),
 * or it fails with its reason and its amount goes back to the transaction.
 */
async function processRefund(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  refund: RefundRecord,
  now: Date,
): Promise<void> {
  const transactions = storeOf(ctx, 'transaction');
  const transaction = await transactionOf(ctx, q, merchantId, refund);
  if (!transaction) return;
  const amount = filsOf(refund.refund_amount);
  const balance = await unsettledBalance(q, merchantId);
  let failure: { reason: FailureReason; balance?: bigint } | null = null;
  if (balance < amount) failure = { reason: 'insufficient_balance', balance };
  else if (!transaction.payment_id) failure = { reason: 'not_refundable' };
  else {
    const answer = await sandboxRefund(q, merchantId, transaction.payment_id, amount, now);
    if (!answer.ok) failure = { reason: reasonOf(answer.refusal) };
  }
  const refunds = storeOf(ctx, 'refund');
  if (failure) {
    const failed = await refunds.update(
      q,
      merchantId,
      refund.id,
      {
        status: 'failed',
        failure_reason: failure.reason,
        unsettled_balance: failure.balance === undefined ? undefined : fromFils(failure.balance),
        processed_at: now.toISOString(),
      },
      'patch',
    );
    const given = await transactions.update(
      q,
      merchantId,
      transaction.id,
      { pending_amount: fromFils(filsOf(transaction.pending_amount) + amount) },
      'patch',
    );
    await announceRefund(ctx, q, merchantId, given ?? transaction, failed ?? refund, 'refund.failed');
    return;
  }
  const refunded = filsOf(transaction.refunded_amount) + amount;
  const whole = refunded >= filsOf(transaction.captured_amount);
  const processed = await refunds.update(
    q,
    merchantId,
    refund.id,
    { status: 'processed', processed_at: now.toISOString() },
    'patch',
  );
  const changed = await transactions.update(
    q,
    merchantId,
    transaction.id,
    { refunded_amount: fromFils(refunded), ...(whole ? { status: 'refunded' as const } : {}) },
    'patch',
  );
  await announceRefund(ctx, q, merchantId, changed ?? transaction, processed ?? refund, 'payment.refunded');
}

/**
 * The scheduler's step: processes every pending refund whose time has come at `now`. Each refund
 * is claimed in its own transaction (`for update skip locked`, its status checked again once
 * locked), so two passes or two servers process it once, and a refund that fails to process
 * leaves the others be. Returns how many were processed or failed.
 */
export async function processDueRefunds(ctx: ServerContext, now: Date): Promise<number> {
  const table = ctx.stores.get('refund')?.table;
  if (!table) return 0;
  let done = 0;
  for (let round = 0; round < BATCH; round++) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const [due] = await tx.query<{ id: number; merchant_id: number }>(
        `select id, merchant_id from ${table}
         where status = 'pending' and process_after <= $1::timestamptz
         order by process_after, id limit 1 for update skip locked`,
        [now.toISOString()],
      );
      if (!due) return false;
      await lockRefunds(tx, due.merchant_id);
      const refund = await storeOf(ctx, 'refund').get(tx, due.merchant_id, due.id, { lock: true });
      if (refund?.status !== 'pending') return true;
      await processRefund(ctx, tx, due.merchant_id, refund, now);
      return true;
    });
    if (!claimed) break;
    done++;
  }
  if (done > 0) ctx.outbox.kick();
  return done;
}
