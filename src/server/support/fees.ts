import type { EntityCreate, EntityName, EntityRecord } from '../../generated/entities';
import { writeSchema } from '../../schema/variants';
import type { PropertySchema } from '../../schema/types';
import { PAY_METHODS, type PayMethod } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { t } from '../kernel/language';
import { describeErrors, ValidationFailed, Validator } from '../kernel/validation';
import { DEFAULT_ADMIN_CHARGES, percentText } from '../payments/fees';
import { storeOf } from '../storage/entity-stores';
import { merchantIdByEmail, SupportError } from './services';

/**
 * What support sets of a merchant's fees (never the merchant: the portal and the API only show
 * them): its admin charge per payment method (`admin_charge`), per sale list (`sale_admin_charge`)
 * and its dynamic commission per method and monthly-volume tier (`commission_rule`). Each write
 * replaces the whole charge of its method (and sale list, or tier): what is not given is back to
 * none (no percentage, no fixed amount, no minimum or maximum). Values are checked against the
 * entity's schema before anything is written, with its messages.
 */

/** The charge of one method as support gives it: KWD strings and a percentage, each optional. */
export interface ChargeValues {
  percent?: string;
  fixed_amount?: string;
  min_amount?: string;
  max_amount?: string;
}

/** The stores and validator the writes need: the server's context, or one the command line builds. */
export type SupportContext = Pick<ServerContext, 'stores'>;

/** Who the change history names for support's writes. */
const ACTOR = 'Support';

type ChargeEntity = 'admin_charge' | 'sale_admin_charge' | 'commission_rule';

const validators = new Map<string, Validator>();

/** Refuses `values` unless they are a valid create of `entity`, with the schema's message in English. */
function check(ctx: SupportContext, entity: ChargeEntity, values: Record<string, unknown>): void {
  const schema = storeOf(ctx, entity).entity;
  let validator = validators.get(entity);
  if (!validator) {
    validator = new Validator();
    validator.add(writeSchema(schema, 'create'));
    validators.set(entity, validator);
  }
  try {
    validator.check(`${entity}.create`, values);
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    const problem = describeErrors(error.schema as PropertySchema, error.errors);
    const fields = Object.entries(problem.fields).map(
      ([field, message]) => `${field}: ${t('en', message.key, message.params)}`,
    );
    throw new SupportError(fields.length ? fields.join('; ') : t('en', problem.key, problem.params));
  }
}

function methodOf(method: string): PayMethod {
  if (!(PAY_METHODS as readonly string[]).includes(method))
    throw new SupportError(`Unknown payment method "${method}"; one of: ${PAY_METHODS.join(', ')}`);
  return method as PayMethod;
}

/** Writes `values` over the record `existing` names, or creates it; checked first. */
async function upsert<N extends ChargeEntity>(
  q: Queryable,
  ctx: SupportContext,
  entity: N,
  merchantId: number,
  existing: number | undefined,
  values: EntityCreate<N>,
): Promise<EntityRecord<N>> {
  check(ctx, entity, values);
  const store = storeOf(ctx, entity);
  if (existing === undefined) return store.create(q, merchantId, values, undefined, ACTOR);
  const row = await store.update(q, merchantId, existing, values, 'replace', ACTOR);
  // Read in this transaction a moment ago: it is there.
  if (!row) throw new Error(`${entity} ${existing} is gone`);
  return row;
}

async function idOf(q: Queryable, sql: string, params: unknown[]): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(sql, params);
  return row?.id;
}

/** Sets the admin charge of `method` for the merchant whose admin signs in with `email`. */
export async function setAdminCharge(
  q: Queryable,
  ctx: SupportContext,
  email: string,
  method: string,
  charge: ChargeValues,
): Promise<EntityRecord<'admin_charge'>> {
  const merchantId = await merchantIdByEmail(q, email);
  const payment_method = methodOf(method);
  const existing = await idOf(
    q,
    `select id from ${storeOf(ctx, 'admin_charge').table} where merchant_id = $1::integer and payment_method = $2::text`,
    [merchantId, payment_method],
  );
  return upsert(q, ctx, 'admin_charge', merchantId, existing, { payment_method, ...charge });
}

/** The merchant's sale list by its reference (`SL-2026-000001`) or id, else a support error. */
async function saleListId(q: Queryable, ctx: SupportContext, merchantId: number, saleList: string): Promise<number> {
  const id = await idOf(
    q,
    `select id from ${storeOf(ctx, 'sale_list').table}
     where merchant_id = $1::integer and (reference_no = $2::text or id::text = $2::text)`,
    [merchantId, saleList],
  );
  if (id === undefined) throw new SupportError(`The merchant has no sale list ${saleList}`);
  return id;
}

/** Sets the admin charge of `method` for orders of one of the merchant's sale lists. */
export async function setSaleAdminCharge(
  q: Queryable,
  ctx: SupportContext,
  email: string,
  saleList: string,
  method: string,
  charge: ChargeValues,
): Promise<EntityRecord<'sale_admin_charge'>> {
  const merchantId = await merchantIdByEmail(q, email);
  const payment_method = methodOf(method);
  const sale_list_id = await saleListId(q, ctx, merchantId, saleList);
  const existing = await idOf(
    q,
    `select id from ${storeOf(ctx, 'sale_admin_charge').table}
     where merchant_id = $1::integer and sale_list_id = $2::integer and payment_method = $3::text`,
    [merchantId, sale_list_id, payment_method],
  );
  return upsert(q, ctx, 'sale_admin_charge', merchantId, existing, { sale_list_id, payment_method, ...charge });
}

/**
 * Sets the commission of `method` from a monthly volume on (`monthlyVolumeFrom`, KWD; `"0"`: the
 * first tier). A tier of the same method and volume is replaced; other tiers stay.
 */
export async function setCommission(
  q: Queryable,
  ctx: SupportContext,
  email: string,
  method: string,
  charge: ChargeValues & { monthly_volume_from?: string },
): Promise<EntityRecord<'commission_rule'>> {
  const merchantId = await merchantIdByEmail(q, email);
  const payment_method = methodOf(method);
  const values = { payment_method, ...charge, monthly_volume_from: charge.monthly_volume_from ?? '0' };
  check(ctx, 'commission_rule', values);
  const existing = await idOf(
    q,
    `select id from ${storeOf(ctx, 'commission_rule').table}
     where merchant_id = $1::integer and payment_method = $2::text and monthly_volume_from = $3::numeric`,
    [merchantId, payment_method, values.monthly_volume_from],
  );
  return upsert(q, ctx, 'commission_rule', merchantId, existing, values);
}

/** What `remove` takes away: every record of `entity` of the merchant's method (and sale list). */
async function removeWhere(
  q: Queryable,
  ctx: SupportContext,
  entity: EntityName & ChargeEntity,
  merchantId: number,
  method: PayMethod,
  saleList?: number,
): Promise<number> {
  const store = storeOf(ctx, entity);
  const ofList = saleList === undefined ? '' : ' and sale_list_id = $3::integer';
  const ids = await q.query<{ id: number }>(
    `select id from ${store.table} where merchant_id = $1::integer and payment_method = $2::text${ofList}`,
    saleList === undefined ? [merchantId, method] : [merchantId, method, saleList],
  );
  for (const { id } of ids) await store.remove(q, merchantId, id, ACTOR);
  return ids.length;
}

/** Takes the merchant's admin charge of `method` away: the default applies again. Answers how many went. */
export async function removeAdminCharge(q: Queryable, ctx: SupportContext, email: string, method: string) {
  return removeWhere(q, ctx, 'admin_charge', await merchantIdByEmail(q, email), methodOf(method));
}

/** Takes a sale list's admin charge of `method` away: the merchant's applies again. */
export async function removeSaleAdminCharge(
  q: Queryable,
  ctx: SupportContext,
  email: string,
  saleList: string,
  method: string,
) {
  const merchantId = await merchantIdByEmail(q, email);
  return removeWhere(
    q,
    ctx,
    'sale_admin_charge',
    merchantId,
    methodOf(method),
    await saleListId(q, ctx, merchantId, saleList),
  );
}

/** Takes every commission tier of `method` away: no commission on that method. */
export async function removeCommission(q: Queryable, ctx: SupportContext, email: string, method: string) {
  return removeWhere(q, ctx, 'commission_rule', await merchantIdByEmail(q, email), methodOf(method));
}

/** A charge as one line: `2.5% + 0.100 KWD, min 0.050, max 5.000`. */
export function chargeText(charge: Partial<Record<keyof ChargeValues, string | null>>): string {
  const parts = [`${charge.percent ?? '0'}%`];
  if (charge.fixed_amount && charge.fixed_amount !== '0.000') parts[0] += ` + ${charge.fixed_amount} KWD`;
  if (charge.min_amount) parts.push(`min ${charge.min_amount}`);
  if (charge.max_amount) parts.push(`max ${charge.max_amount}`);
  return parts.join(', ');
}

/**
 * The merchant's fees as lines to print: the admin charge of every method (the default where
 * support set none), its commission tiers and its sale lists' own admin charges.
 */
export async function describeFees(q: Queryable, ctx: SupportContext, email: string): Promise<string[]> {
  const merchantId = await merchantIdByEmail(q, email);
  const rows = async <N extends ChargeEntity>(entity: N, order: string) =>
    (await storeOf(ctx, entity).page(q, merchantId, {
      filter: {},
      sort: [order, 'ASC'],
      range: [0, 999],
    })) as EntityRecord<N>[];
  const charges = await rows('admin_charge', 'payment_method');
  const lines = [`Admin charges of ${email}:`];
  for (const method of PAY_METHODS) {
    const own = charges.find((charge) => charge.payment_method === method);
    const text = own ? chargeText(own) : `${percentText(DEFAULT_ADMIN_CHARGES[method].percentThousandths)}% (default)`;
    lines.push(`  ${method.padEnd(12)} ${text}`);
  }
  lines.push('Dynamic commission:');
  const tiers = await rows('commission_rule', 'payment_method');
  if (tiers.length === 0) lines.push('  none');
  for (const tier of tiers)
    lines.push(
      `  ${String(tier.payment_method).padEnd(12)} from ${tier.monthly_volume_from} KWD a month: ${chargeText(tier)}`,
    );
  const sales = await rows('sale_admin_charge', 'sale_list_id');
  if (sales.length > 0) lines.push('Sale admin charges:');
  for (const sale of sales)
    lines.push(`  sale list ${sale.sale_list_id} ${String(sale.payment_method).padEnd(12)} ${chargeText(sale)}`);
  return lines;
}
