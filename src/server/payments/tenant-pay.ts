import { now as clockNow } from '../../schema/calendar';
import type { Language } from '../../shared/i18n';
import type { PayResult } from '../../shared/pay';
import type { TenantPayRequest } from '../../shared/tenant-pay';
import type { ServerContext } from '../context';
import { ApiError } from '../kernel/api-error';
import type { IdempotencyClaim, Keyed } from '../storage/idempotency-keys';
import { payInTransaction, payTarget } from './pay';
import { tenantInFlight } from './tenant-account';
import { chosenRecords, tenantByToken, tenantPaymentOf } from './tenant-payments';

/**
 * A tenant's payment on their page (`POST /v1/pay/tenant/{token}`): the rent invoices and
 * deposits they chose, paid together by one card payment of their sum through the payment flow
 * every link takes (`payTarget`: the merchant's limits, the sandbox processor, fees, the ledger,
 * webhooks). One database transaction: the tenant, their payment and its items locked, so the items
 * are all paid or, on a decline or any failure, none.
 */
export async function payTenant(
  ctx: ServerContext,
  token: string,
  request: TenantPayRequest,
  language: Language,
  now: Date = clockNow(),
  claim: IdempotencyClaim | null = null,
): Promise<Keyed<PayResult>> {
  return payInTransaction(ctx, claim, async (tx) => {
    const tenant = await tenantByToken(ctx, tx, token, true);
    if (!tenant) throw new ApiError(404, 'app.message.tenant_link_unknown');
    const records = await chosenRecords(ctx, tx, tenant, request.items);
    // Another payment of some of these items may still be answered: paying them again could pay twice.
    const overlapping = records.map((record) => `${record.entity}:${record.id}`);
    if (!request.continue_in_flight && (await tenantInFlight(tx, tenant, now, overlapping)))
      return { refusal: new ApiError(409, 'app.message.pay_in_flight') };
    const paid = await tenantPaymentOf(tx, tenant, records, now);
    const { method, card, continue_in_flight } = request;
    return payTarget(
      ctx,
      tx,
      { kind: 'tenant', merchantId: tenant.merchant_id, reference: paid.payment.reference_no, ...paid },
      { method, card, continue_in_flight },
      language,
      now,
    );
  });
}
