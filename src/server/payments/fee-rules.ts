import type { PayMethod } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { storeOf } from '../storage/entity-stores';
import { feesOf, percentThousandthsOf, type ChargeRule, type CommissionTier, type FeeRules, type Fees } from './fees';
import { toFils } from '../../shared/money';
import { kuwaitMonthStart } from './kuwait-time';

/**
 * A merchant's fee rules as support set them (`admin_charge`, `commission_rule`, and per sale list
 * `sale_admin_charge`), read in the caller's transaction, and the fees of a payment under them.
 *
 * Tiers of a commission are chosen by the merchant's volume of the Kuwait month so far: the
 * amounts taken (`captured_amount`) by its payments made since the month began in Kuwait and before
 * this one, that succeeded (refunded ones included: the money was taken). The payment being
 * charged is not counted — its own amount never moves it into a tier — and neither are payments
 * still pending or only authorised. The volume is only summed when a tier starts above zero.
 */

/** A type, not an interface: query rows must be assignable to a plain record. */
type ChargeRow = {
  percent: string | null;
  fixed_amount: string | null;
  min_amount: string | null;
  max_amount: string | null;
};

/** Fils of a stored amount (numeric read as text: `"2.5"` or `"2.500"`), null when none is stored. */
const filsOfText = (amount: string | null | undefined): bigint | null =>
  amount === null || amount === undefined ? null : toFils(amount);

/** A stored charge as a rule; a value the schema let through is always readable, so nothing is guessed. */
function ruleOf(row: ChargeRow): ChargeRule {
  return {
    percentThousandths: percentThousandthsOf(row.percent ?? '0') ?? 0n,
    fixed: filsOfText(row.fixed_amount) ?? 0n,
    min: filsOfText(row.min_amount),
    max: filsOfText(row.max_amount),
  };
}

const CHARGE_COLUMNS = `percent, fixed_amount::text as fixed_amount, min_amount::text as min_amount,
  max_amount::text as max_amount`;

/** The merchant's admin charge of `method`, or null when support set none (the default applies). */
export async function adminChargeRule(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  method: PayMethod,
): Promise<ChargeRule | null> {
  const [row] = await q.query<ChargeRow>(
    `select ${CHARGE_COLUMNS} from ${storeOf(ctx, 'admin_charge').table}
     where merchant_id = $1::integer and payment_method = $2::text`,
    [merchantId, method],
  );
  return row ? ruleOf(row) : null;
}

/** The admin charge of `method` for orders of the merchant's sale list `saleListId`, or null when it has none. */
export async function saleAdminChargeRule(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  saleListId: number,
  method: PayMethod,
): Promise<ChargeRule | null> {
  const [row] = await q.query<ChargeRow>(
    `select ${CHARGE_COLUMNS} from ${storeOf(ctx, 'sale_admin_charge').table}
     where merchant_id = $1::integer and sale_list_id = $2::integer and payment_method = $3::text`,
    [merchantId, saleListId, method],
  );
  return row ? ruleOf(row) : null;
}

/** The merchant's commission tiers of `method`. */
export async function commissionTiers(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  method: PayMethod,
): Promise<CommissionTier[]> {
  const rows = await q.query<ChargeRow & { monthly_volume_from: string | null }>(
    `select ${CHARGE_COLUMNS}, monthly_volume_from::text as monthly_volume_from
     from ${storeOf(ctx, 'commission_rule').table}
     where merchant_id = $1::integer and payment_method = $2::text`,
    [merchantId, method],
  );
  return rows.map((row) => ({ ...ruleOf(row), fromVolume: filsOfText(row.monthly_volume_from) ?? 0n }));
}

/** What the merchant's successful payments made this Kuwait month before `at` took, in fils. */
export async function monthVolume(q: Queryable, ctx: ServerContext, merchantId: number, at: Date): Promise<bigint> {
  const [row] = await q.query<{ volume: string }>(
    `select coalesce(sum(captured_amount), 0)::text as volume from ${storeOf(ctx, 'transaction').table}
     where merchant_id = $1::integer and status in ('success', 'refunded')
       and created_at >= $2::timestamptz and created_at < $3::timestamptz`,
    [merchantId, kuwaitMonthStart(at).toISOString(), at.toISOString()],
  );
  return filsOfText(row?.volume) ?? 0n;
}

/** The sale list of the merchant's order `reference`, or null when the reference is no order's. */
async function orderSaleList(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  reference: string | null | undefined,
): Promise<number | null> {
  if (!reference) return null;
  const [row] = await q.query<{ sale_list_id: number | null }>(
    `select sale_list_id from ${storeOf(ctx, 'sale_order').table}
     where merchant_id = $1::integer and reference_no = $2::text`,
    [merchantId, reference],
  );
  return row?.sale_list_id ?? null;
}

/**
 * Everything the fees of the merchant's payment by `method` at `at` depend on. The payment of an
 * order (`paidReference` an order's) takes its sale list's admin charge when support set one.
 */
export async function feeRulesOf(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  method: PayMethod,
  at: Date,
  paidReference?: string | null,
): Promise<FeeRules> {
  const adminCharge = await adminChargeRule(q, ctx, merchantId, method);
  const commission = await commissionTiers(q, ctx, merchantId, method);
  const tiered = commission.some((tier) => tier.fromVolume > 0n);
  const rules = { adminCharge, commission, monthVolume: tiered ? await monthVolume(q, ctx, merchantId, at) : 0n };
  const saleListId = await orderSaleList(q, ctx, merchantId, paidReference);
  if (saleListId === null) return rules;
  return saleFeeRules(rules, await saleAdminChargeRule(q, ctx, merchantId, saleListId, method));
}

/**
 * The fees of the merchant's successful payment of `amount` fils by `method` at `at` (the moment
 * the money is taken: the payment, the capture, the settlement of a pending one) for what
 * `paidReference` names.
 */
export async function feesFor(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  amount: bigint,
  method: PayMethod,
  at: Date,
  paidReference?: string | null,
): Promise<Fees> {
  return feesOf(amount, method, await feeRulesOf(q, ctx, merchantId, method, at, paidReference));
}

/** The fees of a payment of `amount` by `method` that ends in `status` at `at`: none unless it succeeded. */
export async function feesOfStatus(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  status: string,
  amount: bigint,
  method: PayMethod,
  at: Date,
  paidReference?: string | null,
): Promise<Fees> {
  if (status !== 'success') return { adminCharge: 0n, commission: 0n, net: 0n };
  return feesFor(q, ctx, merchantId, amount, method, at, paidReference);
}

/**
 * The fees of a payment for an order of the merchant's sale list `saleListId`: the sale list's
 * admin charge of the method when support set one, else the merchant's; the commission as for any
 * payment. For the storefront's checkout to call when an order is paid.
 */
export async function saleFeesFor(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  saleListId: number,
  amount: bigint,
  method: PayMethod,
  at: Date,
): Promise<Fees> {
  const rules = await feeRulesOf(q, ctx, merchantId, method, at);
  const saleCharge = await saleAdminChargeRule(q, ctx, merchantId, saleListId, method);
  return feesOf(amount, method, saleFeeRules(rules, saleCharge));
}

/** The merchant's rules with a sale list's own admin charge in place of the merchant's, when it has one. */
export function saleFeeRules(rules: FeeRules, saleCharge: ChargeRule | null): FeeRules {
  return saleCharge ? { ...rules, adminCharge: saleCharge } : rules;
}
