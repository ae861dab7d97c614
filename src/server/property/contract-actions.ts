import { addMonths, now as clockNow } from '../../schema/calendar';
import type { ServerContext } from '../context';
import type { EffectScope } from '../effects';
import { kuwaitToday } from '../payments/kuwait-time';
import { storeOf } from '../storage/entity-stores';
import { ApiError } from '../kernel/api-error';
import { CONTRACT_MAX_MONTHS, renewedEnd } from './contract-dates';
import { markRefundable, refundDeposit } from './deposit-refund';
import { flagTenant, followDates, occupy, refuseOverlap, release, type ContractRecord } from './occupancy';

/**
 * What contracts' writes and actions do beyond their own record: a new or changed contract takes
 * its place by its dates at once (its unit rented when it runs), `renew` extends a running contract
 * by its own length, `terminate` ends it today and frees its unit; a deposit's `refund` asks for
 * the refund of its card payment.
 */

const today = () => kuwaitToday(clockNow());

/** The tenant's own dates follow its contract when they were the contract's. */
async function followOnTenant(ctx: ServerContext, scope: EffectScope, contract: ContractRecord, previousEnd: string) {
  if (contract.tenant_id === undefined || !contract.end_date) return;
  const tenants = storeOf(ctx, 'tenant');
  const tenant = await tenants.get(scope.tx, scope.merchantId, contract.tenant_id, { lock: true });
  if (!tenant || tenant.unit_id !== contract.unit_id || tenant.contract_end !== previousEnd) return;
  await tenants.update(
    scope.tx,
    scope.merchantId,
    tenant.id,
    { contract_end: contract.end_date },
    'patch',
    scope.actor,
  );
}

/**
 * `renew`: the running contract goes on for its own length again, from the day after it ends; 409
 * when that would take it past the longest a contract runs.
 */
async function renew(ctx: ServerContext, scope: EffectScope, contract: ContractRecord): Promise<ContractRecord> {
  const { start_date: start, end_date: end } = contract;
  if (!start || !end) return contract;
  const next = renewedEnd(start, end);
  if (next > addMonths(start, CONTRACT_MAX_MONTHS))
    throw new ApiError(409, 'app.message.renew_too_long', {}, { months: CONTRACT_MAX_MONTHS });
  await refuseOverlap(ctx, scope.tx, scope.merchantId, { ...contract, start_date: end, end_date: next });
  const contracts = storeOf(ctx, 'contract');
  const renewed =
    (await contracts.update(scope.tx, scope.merchantId, contract.id, { end_date: next }, 'patch', scope.actor)) ??
    contract;
  await followOnTenant(ctx, scope, renewed, end);
  await flagTenant(ctx, scope, renewed.tenant_id, today());
  return renewed;
}

/** `terminate`: ended today; its unit free again; its tenant, when still living there, has left. */
async function terminate(ctx: ServerContext, scope: EffectScope, contract: ContractRecord): Promise<ContractRecord> {
  const contracts = storeOf(ctx, 'contract');
  const day = today();
  const ended =
    (await contracts.update(scope.tx, scope.merchantId, contract.id, { terminated_on: day }, 'patch', scope.actor)) ??
    contract;
  if (contract.unit_id) await release(ctx, scope, contract.unit_id, contract.id);
  if (contract.tenant_id !== undefined) {
    const tenants = storeOf(ctx, 'tenant');
    const tenant = await tenants.get(scope.tx, scope.merchantId, contract.tenant_id, { lock: true });
    if (tenant?.tenant_status === 'active' && tenant.unit_id === contract.unit_id)
      await tenants.update(scope.tx, scope.merchantId, tenant.id, { tenant_status: 'left' }, 'patch', scope.actor);
    await flagTenant(ctx, scope, contract.tenant_id, day);
    await markRefundable(ctx, scope, contract.tenant_id);
  }
  return ended;
}

/**
 * A contract written, maybe with new dates or a new unit: refused when another holds its unit then,
 * else placed by its dates at once.
 */
async function placed(ctx: ServerContext, scope: EffectScope, contract: ContractRecord, previous?: ContractRecord) {
  if (contract.status !== 'draft' && contract.status !== 'active') return contract;
  const moved =
    !previous ||
    previous.unit_id !== contract.unit_id ||
    previous.start_date !== contract.start_date ||
    previous.end_date !== contract.end_date;
  if (moved) await refuseOverlap(ctx, scope.tx, scope.merchantId, contract);
  if (previous?.status === 'active' && previous.unit_id !== contract.unit_id) {
    if (previous.unit_id) await release(ctx, scope, previous.unit_id, contract.id);
    if (contract.unit_id) await occupy(ctx, scope, contract.unit_id);
  }
  const day = today();
  const current = await followDates(ctx, scope, contract, day);
  await flagTenant(ctx, scope, current.tenant_id, day);
  return current;
}

/** Registers the contracts' effects; call once, with the other effects. */
export function installContractEffects(ctx: ServerContext): void {
  ctx.effects.onCreate('contract', (scope, contract) => placed(ctx, scope, contract));
  ctx.effects.onUpdate('contract', (scope, contract, previous) => placed(ctx, scope, contract, previous));
  ctx.effects.onTransition('contract', (scope, contract, action) => {
    if (action === 'renew') return renew(ctx, scope, contract);
    if (action === 'terminate') return terminate(ctx, scope, contract);
    return Promise.resolve(contract);
  });
  ctx.effects.onTransition('deposit', (scope, deposit, action) =>
    action === 'refund' ? refundDeposit(ctx, scope, deposit) : Promise.resolve(deposit),
  );
}
