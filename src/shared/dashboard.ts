import type { EntityRecord } from '../generated/entities';

/**
 * The dashboard as the API answers it (`GET /v1/dashboard`) and who may see it, shared by the
 * server's route and the portal's page.
 */

/** The employee `permissions.general` value that opens the dashboard; admins always may. */
export const DASHBOARD_PERMISSION = 'dashboard';

/** Whether a user may see the dashboard's figures. */
export function mayViewDashboard(user: {
  role: 'admin' | 'employee' | null;
  permissions?: { general?: readonly string[] };
}): boolean {
  return (
    user.role === 'admin' || (user.role === 'employee' && !!user.permissions?.general?.includes(DASHBOARD_PERMISSION))
  );
}

/** Successful transactions from the first day to the last, both included. */
export interface PeriodTotal {
  from: string;
  to: string;
  count: number;
  /** KWD with three decimals, exact. */
  amount: string;
}

export interface DashboardSummary {
  currency: 'KWD';
  /** The day the figures are as of. */
  today: string;
  /** Since Sunday, the first day of the Kuwaiti week. */
  week: PeriodTotal;
  /** Since the first of the month. */
  month: PeriodTotal;
  /** The last 7 days, oldest first. */
  daily: PeriodTotal[];
  /** The last 6 months, oldest first. */
  monthly: PeriodTotal[];
  /** The newest transactions, newest first. */
  latest: EntityRecord<'transaction'>[];
}
