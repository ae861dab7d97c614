import type { EntityRecord } from '../../generated/entities';
import type { ServerContext } from '../context';
import type { EffectScope } from '../effects';
import { storeOf } from '../storage/entity-stores';
import { refuseOverlap, release } from './occupancy';

/**
 * A tenant saved with a unit and the dates of its contract is under that contract: the contract is
 * made from the tenant's own fields (the unit's rent, the signing date) and takes its place by its
 * dates as any new contract does, so the merchant enters a tenant once. A tenant that already has a
 * contract keeps it; later contracts are the contracts' own (renew, or a new one for another unit).
 * Deleting a tenant takes its contracts with it (a tenant with rent invoices or deposits is in use
 * and is not deleted, its contracts kept), and a contract deleted while it runs frees its unit.
 */

type TenantRecord = EntityRecord<'tenant'>;

export async function contractOfTenant(ctx: ServerContext, scope: EffectScope, tenant: TenantRecord): Promise<void> {
  const { unit_id: unitId, contract_start: start, contract_end: end } = tenant;
  if (unitId === undefined || !start || !end || tenant.tenant_status === 'left') return;
  const contracts = storeOf(ctx, 'contract');
  const [existing] = await scope.tx.query(
    `select 1 from ${contracts.table} where merchant_id = $1::integer and tenant_id = $2::integer limit 1`,
    [scope.merchantId, tenant.id],
  );
  if (existing) return;
  const unit = await storeOf(ctx, 'unit').get(scope.tx, scope.merchantId, unitId);
  if (!unit?.rent_amount) return;
  const values = {
    tenant_id: tenant.id,
    unit_id: unitId,
    start_date: start,
    end_date: end,
    rent_amount: unit.rent_amount,
    ...(tenant.contract_signed_date ? { signed_date: tenant.contract_signed_date } : {}),
  };
  await refuseOverlap(ctx, scope.tx, scope.merchantId, { id: 0, ...values }, 'contract_start');
  const contract = await contracts.create(scope.tx, scope.merchantId, values, {}, scope.actor);
  await ctx.effects.afterCreate('contract', scope, contract);
}

/** A running contract deleted: its unit free again unless another runs on it. */
async function contractDeleted(ctx: ServerContext, scope: EffectScope, contract: EntityRecord<'contract'>) {
  if (contract.status === 'active' && contract.unit_id !== undefined)
    await release(ctx, scope, contract.unit_id, contract.id);
}

/** The tenant's contracts go first, each as a contract deleted; the tenant's own delete then says whether it may go. */
async function tenantDeleted(ctx: ServerContext, scope: EffectScope, tenant: TenantRecord) {
  const contracts = storeOf(ctx, 'contract');
  const rows = await scope.tx.query<{ id: number }>(
    `select id from ${contracts.table} where merchant_id = $1::integer and tenant_id = $2::integer order by id`,
    [scope.merchantId, tenant.id],
  );
  for (const { id } of rows) {
    const contract = await contracts.get(scope.tx, scope.merchantId, id, { lock: true });
    if (!contract) continue;
    await contractDeleted(ctx, scope, contract);
    await contracts.remove(scope.tx, scope.merchantId, id, scope.actor);
  }
}

/** Registers the tenants' and contracts' effects; call once, with the other effects. */
export function installTenantContracts(ctx: ServerContext): void {
  ctx.effects.onCreate('tenant', (scope, tenant) => contractOfTenant(ctx, scope, tenant));
  ctx.effects.onUpdate('tenant', (scope, tenant) => contractOfTenant(ctx, scope, tenant));
  ctx.effects.onDelete('tenant', (scope, tenant) => tenantDeleted(ctx, scope, tenant));
  ctx.effects.onDelete('contract', (scope, contract) => contractDeleted(ctx, scope, contract));
}
