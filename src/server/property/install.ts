import type { ServerContext } from '../context';
import { installContractEffects } from './contract-actions';
import { followDepositRefunds } from './deposit-refund';
import { installTenantContracts } from './tenant-contract';

/**
 * Property management's effects: contracts renting and freeing their units, renewals and
 * terminations, a saved tenant's contract, and deposits given back through the refunds. Call once, with
 * the other effects, before the demo seed.
 */
export function installProperty(ctx: ServerContext): void {
  installContractEffects(ctx);
  followDepositRefunds(ctx);
  installTenantContracts(ctx);
}
