import type { PayMethod } from './pay';

/**
 * The dynamic-commission report as the API answers it (`GET /report/dynamic-commission`), shared
 * by the server's route and the portal's page: per Kuwait month and payment method, the successful
 * payments, what they took and the commission charged on them, with the totals.
 */

/** The longest range the report covers, in calendar months (as the other reports). */
export const COMMISSION_REPORT_MAX_MONTHS = 6;

/** The figures of one month and method, or the totals: a count and KWD strings with three decimals. */
export type CommissionFigures = {
  count: number;
  amount: string;
  commission: string;
};

/** One month ("2026-11", in Kuwait) and payment method. */
export type CommissionReportRow = CommissionFigures & { month: string; payment_method: PayMethod };

export interface CommissionReport {
  from: string;
  to: string;
  rows: CommissionReportRow[];
  totals: CommissionFigures;
}
