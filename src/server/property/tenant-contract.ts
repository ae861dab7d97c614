import type { EntityRecord } from '../../generated/entities';
import type { ServerContext } from '../context';
import type { EffectScope } from '../effects';
import { storeOf } from '../storage/entity-stores';
import { refuseOverlap } from './occupancy';

/**
 * A tenant saved with a unit and the dates of its contract is under that contract: the contract is
 * made from the tenant's own fields (the unit's rent, the signing date) and takes its place by its
 * dates as any new contract does, so the merchant enters a tenant once. A tenant that already has a
 * contract keeps it; later contracts are the contracts' own (renew, or a new one for another unit).
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

/** Registers the tenants' effect; call once, with the other effects. */
export function installTenantContracts(ctx: ServerContext): void {
  ctx.effects.onCreate('tenant', (scope, tenant) => contractOfTenant(ctx, scope, tenant));
  ctx.effects.onUpdate('tenant', (scope, tenant) => contractOfTenant(ctx, scope, tenant));
}
