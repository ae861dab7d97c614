/**
 * Services support enables per merchant (SPEC §6); a merchant cannot switch them on itself.
 * Resources name the one that gates them in `x-resource.service`.
 */
export const SERVICE_FLAGS = [
  'open_invoice',
  'quick_invoice',
  'payment_gateway',
  'product_listing',
  'pos_terminal',
  'delivery_invoice',
  'property_management',
] as const;

export type ServiceFlag = (typeof SERVICE_FLAGS)[number];
export type Services = Record<ServiceFlag, boolean>;

/** Every flag as a boolean; flags missing from storage are off. */
export function servicesOf(stored: unknown): Services {
  const map = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(SERVICE_FLAGS.map((flag) => [flag, map[flag] === true])) as Services;
}

/** Every service flag set to `on`. */
export const allServices = (on: boolean): Services =>
  Object.fromEntries(SERVICE_FLAGS.map((flag) => [flag, on])) as Services;
