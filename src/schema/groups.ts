/**
 * The values of `x-resource.group`, in the order the portal's menu shows its groups (labels
 * `app.menu.groups.<group>`). A resource without a group sits under `other`, last.
 */
export const GROUPS = [
  'invoices',
  'reports',
  'sales',
  'property',
  'multi_vendor',
  'compliance',
  'subscriptions',
  'pos',
  'customers',
  'employees',
  'account',
  'other',
] as const;

export type Group = (typeof GROUPS)[number];
