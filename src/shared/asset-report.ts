import type { Asset } from '../generated';

/**
 * The asset report as the API answers it (`GET /asset/report`), shared by the server's route and
 * the portal's page.
 */

/** A month as the report takes it: "2026-11". */
export const REPORT_MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** The unit counts of an asset, by rental status. */
export const ASSET_COUNTS = ['units', 'rented', 'available', 'blocked'] as const;

/**
 * One month's money of an asset: the rent of its invoices due that month, what their payments
 * brought in (less what was refunded), what of that rent is past due and unpaid, the expenses, and
 * the net (collected less expenses).
 */
export const ASSET_AMOUNTS = ['rent_due', 'collected', 'overdue', 'expenses', 'net'] as const;

/**
 * One asset's figures, or their totals: counts, and KWD strings with three decimals (the net may
 * be negative). A type, not an interface: the server's query rows must be assignable to a plain
 * record.
 */
export type AssetFigures = { [name in (typeof ASSET_COUNTS)[number]]: number } & {
  [name in (typeof ASSET_AMOUNTS)[number]]: string;
};

/** One asset's figures, with its id and name. */
export type AssetReportRow = AssetFigures & { id: number } & Pick<Asset, 'name'>;

export interface AssetReport {
  month: string;
  assets: AssetReportRow[];
  totals: AssetFigures;
}
