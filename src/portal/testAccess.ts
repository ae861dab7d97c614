import type { PermissionMaps, Services } from './data/apiTypes';
import type { PortalPermissions } from './data/authProvider';

/**
 * Test support: the users the back-office tests sign in as. Imported by tests only.
 */

/** A merchant with every service of SPEC §6 enabled. */
export const everyService: Services = {
  open_invoice: true,
  quick_invoice: true,
  payment_gateway: true,
  product_listing: true,
  pos_terminal: true,
  delivery_invoice: true,
  property_management: true,
  recurring_subscription: true,
};

/** The merchant's admin, at a merchant with every service. */
export const admin: PortalPermissions = {
  role: 'admin',
  services: everyService,
  permissions: {} as PermissionMaps,
  isMultiVendor: false,
};

/** An employee of that merchant with these general permissions only. */
export const employee = (general: PermissionMaps['general']): PortalPermissions => ({
  ...admin,
  role: 'employee',
  permissions: { general } as PermissionMaps,
});

/** An employee with the general permissions of `staff@demo.test`: dashboard, invoices, reports. */
export const staff = employee(['dashboard', 'invoices', 'reports']);
