import { SERVICE_FLAGS, type Services } from '../../shared/services';

export { SERVICE_FLAGS, type ServiceFlag, type Services } from '../../shared/services';

/** Every flag as a boolean; flags missing from storage are off. */
export function servicesOf(stored: unknown): Services {
  const map = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(SERVICE_FLAGS.map((flag) => [flag, map[flag] === true])) as Services;
}

/** Every service flag set to `on`. */
export const allServices = (on: boolean): Services =>
  Object.fromEntries(SERVICE_FLAGS.map((flag) => [flag, on])) as Services;
