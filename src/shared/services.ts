/**
 * Merchant services a support team enables per merchant (SPEC §6); a merchant cannot switch them on
 * itself. Each gates a part of the portal and of the API: resources name theirs in
 * `x-resource.service`.
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
