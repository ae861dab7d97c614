import type { EntityRecord } from '../../generated/entities';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { RecordRefused } from '../storage/errors';
import { storeOf } from '../storage/entity-stores';
import { endsSoon, phaseOn } from './contract-dates';
import { markRefundable } from './deposit-refund';
import type { Writer } from './writer';

/**
 * What a contract does to its unit and its tenant (SPEC §4, "unit rental status"): the unit is
 * `rented` while a contract on it runs and `available` again once none does; a blocked unit is
 * never moved by a contract (it was taken off the market on purpose). A tenant is flagged
 * `contract_expiring` while its running contract ends within 30 days. Every change goes through the
 * stores, so the change history says what moved it.
 */

export type ContractRecord = EntityRecord<'contract'>;

/** Contract statuses that hold their unit, now or later. */
const HOLDING = ['draft', 'active'];

/** The unit is `rented` while available; a blocked or already rented one stays as it is. */
export async function occupy(ctx: ServerContext, writer: Writer, unitId: number): Promise<void> {
  const units = storeOf(ctx, 'unit');
  const unit = await units.get(writer.tx, writer.merchantId, unitId, { lock: true });
  if (unit?.rental_status !== 'available') return;
  await units.update(writer.tx, writer.merchantId, unitId, { rental_status: 'rented' }, 'patch', writer.actor);
}

/** The unit is `available` again once no running contract but `except` holds it; a blocked one stays blocked. */
export async function release(ctx: ServerContext, writer: Writer, unitId: number, except: number): Promise<void> {
  const units = storeOf(ctx, 'unit');
  const unit = await units.get(writer.tx, writer.merchantId, unitId, { lock: true });
  if (unit?.rental_status !== 'rented') return;
  const [other] = await writer.tx.query(
    `select 1 from ${storeOf(ctx, 'contract').table}
      where merchant_id = $1::integer and unit_id = $2::integer and id <> $3::integer and status = 'active' limit 1`,
    [writer.merchantId, unitId, except],
  );
  if (other) return;
  await units.update(writer.tx, writer.merchantId, unitId, { rental_status: 'available' }, 'patch', writer.actor);
}

/**
 * Refuses (409 on `field`, the start date) a contract whose dates overlap another draft or running contract
 * of the same unit: a unit is let to one tenant at a time.
 */
export async function refuseOverlap(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  contract: ContractRecord,
  field = 'start_date',
) {
  const [other] = await q.query(
    `select 1 from ${storeOf(ctx, 'contract').table}
      where merchant_id = $1::integer and unit_id = $2::integer and id <> $3::integer
        and status in ('draft', 'active') and start_date <= $5::date and end_date >= $4::date limit 1`,
    [merchantId, contract.unit_id, contract.id, contract.start_date, contract.end_date],
  );
  if (other) throw new RecordRefused(409, 'validation.unit_taken', field);
}

/**
 * Moves a contract to where its dates put it on `today`: a draft whose start has come runs (its
 * unit rented), a running one whose end has passed is `ended` (its unit available again), a draft
 * whose end passed before it ever ran is `ended` too. Answers the contract as it now stands.
 */
export async function followDates(
  ctx: ServerContext,
  writer: Writer,
  contract: ContractRecord,
  today: string,
): Promise<ContractRecord> {
  const { start_date: start, end_date: end, status } = contract;
  if (!start || !end || !status || !HOLDING.includes(status)) return contract;
  const phase = phaseOn({ start_date: start, end_date: end }, today);
  const contracts = storeOf(ctx, 'contract');
  const move = async (to: 'active' | 'ended') =>
    (await contracts.update(writer.tx, writer.merchantId, contract.id, { status: to }, 'patch', writer.actor)) ??
    contract;
  if (status === 'draft' && phase === 'during') {
    const running = await move('active');
    if (contract.unit_id) await occupy(ctx, writer, contract.unit_id);
    await flagTenant(ctx, writer, contract.tenant_id, today);
    return running;
  }
  if (phase !== 'after') return contract;
  const ended = await move('ended');
  if (status === 'active' && contract.unit_id) await release(ctx, writer, contract.unit_id, contract.id);
  await flagTenant(ctx, writer, contract.tenant_id, today);
  await markRefundable(ctx, writer, contract.tenant_id);
  return ended;
}

/**
 * Sets the tenant's `contract_expiring` to whether one of its running contracts ends within 30
 * days of `today`, and writes it only when that changed.
 */
export async function flagTenant(
  ctx: ServerContext,
  writer: Writer,
  tenantId: number | undefined,
  today: string,
): Promise<void> {
  if (tenantId === undefined) return;
  const tenants = storeOf(ctx, 'tenant');
  const tenant = await tenants.get(writer.tx, writer.merchantId, tenantId, { lock: true });
  if (!tenant) return;
  const running = await writer.tx.query<{ end_date: string }>(
    `select end_date from ${storeOf(ctx, 'contract').table}
      where merchant_id = $1::integer and tenant_id = $2::integer and status = 'active'`,
    [writer.merchantId, tenantId],
  );
  const expiring = tenant.tenant_status === 'active' && running.some((row) => endsSoon(row.end_date, today));
  if ((tenant.contract_expiring ?? false) === expiring) return;
  await tenants.update(writer.tx, writer.merchantId, tenantId, { contract_expiring: expiring }, 'patch', writer.actor);
}
