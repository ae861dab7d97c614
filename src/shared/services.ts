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
  'recurring_subscription',
] as const;

export type ServiceFlag = (typeof SERVICE_FLAGS)[number];
export type Services = Record<ServiceFlag, boolean>;

/** Services whose refusal says more than "Service not fully enabled" (SPEC §8). */
const SERVICE_MESSAGES: Partial<Record<string, string>> = {
  recurring_subscription: 'app.message.recurring_disabled',
};

/** Catalogue key of the message shown or answered when `service` is off for the merchant. */
export const serviceDisabledMessage = (service?: string): string =>
  (service && SERVICE_MESSAGES[service]) || 'app.message.service_disabled';
