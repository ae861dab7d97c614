import { fromFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { EffectScope } from '../effects';
import { ApiError } from '../kernel/api-error';
import { RecordRefused } from '../storage/errors';
import { storeOf } from '../storage/entity-stores';
import { checkRefundable, type RefundRecord } from './refunds';
import { filsOf, type TransactionRecord } from './transactions';

/**
 * A refund the product asks for on the merchant's behalf, as a merchant's request
 * (`POST /v1/refund`) makes one, with its effects: the amount taken from the payment at once, a
 * same-day payment's 20 minutes, an employee's large refund waiting for the admin, the balance
 * checked when it is processed. Used where giving money back is part of another action (a rejected
 * order, a deposit given back), which is refused when the refund is.
 */

/**
 * A refusal of the refund (the gateway cannot refund the payment: 400 on the refund's transaction)
 * as a refusal of the action it was asked for: a 409 on that action's record, with the same message.
 */
export function asConflict(error: unknown): unknown {
  if (error instanceof ApiError && error.statusCode === 400) return new ApiError(409, error.key, {}, error.params);
  if (error instanceof RecordRefused && error.status === 400) return new ApiError(409, error.key, {}, error.params);
  return error;
}

/** Refuses with 409, before anything is written, a refund of `payment` the gateway can never make. */
export function checkPaymentRefundable(payment: TransactionRecord): void {
  try {
    checkRefundable(payment);
  } catch (error) {
    throw asConflict(error);
  }
}

/** Asks for the refund of `fils` of `payment`, noted with `remarks`; answers the refund as its effects left it. */
export async function requestRefund(
  ctx: ServerContext,
  scope: EffectScope,
  payment: TransactionRecord,
  fils: bigint,
  remarks: string,
): Promise<RefundRecord> {
  const values = {
    transaction_id: payment.id,
    method: fils === filsOf(payment.amount) ? ('full' as const) : ('partial' as const),
    total_amount: fromFils(filsOf(payment.amount)),
    pending_amount: fromFils(filsOf(payment.pending_amount)),
    refund_amount: fromFils(fils),
    remarks,
  };
  ctx.validator.checkCreate('refund', values);
  try {
    const refund = await storeOf(ctx, 'refund').create(scope.tx, scope.merchantId, values, {}, scope.actor);
    return await ctx.effects.afterCreate('refund', scope, refund);
  } catch (error) {
    throw asConflict(error);
  }
}
