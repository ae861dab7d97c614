/**
 * What every part of `npm run bench` measures and hands back: figures with their unit, and where
 * the project has a budget for one, the budget it is judged against.
 */

export type Unit = 'ms' | 's' | 'KB' | 'MB' | 'req/s' | 'score' | 'rows' | 'count';

export interface Budget {
  /** `max`: the figure must stay at or under `limit`; `min`: at or over it; `exact`: be it (a count). */
  kind: 'max' | 'min' | 'exact';
  limit: number;
  /** `ratio`: the limit is a multiple of the floor, judged on the figure's `ratio`, not its value. */
  of?: 'ratio';
}

export interface Figure {
  /** The table's section: "data", "api", "pages", "lighthouse", "forms". */
  section: string;
  /** What was measured, e.g. "transactions report page p95". */
  name: string;
  /** Which database, page or preset it was measured on, e.g. "pglite", "/merchant mobile". */
  on: string;
  value: number;
  unit: Unit;
  budget?: Budget;
  /**
   * The same figure measured on the floor: the statements the API runs for its data, alone on the
   * database driver, in the same run (same unit).
   */
  floor?: number;
  /** `value` over `floor`: what the API costs as a multiple of its data, on any machine. */
  ratio?: number;
  /** A short remark printed beside the figure (how many runs, what it includes). */
  note?: string;
}

/** Where a part of the bench runs: a started server with the scale data loaded. */
export interface BenchTarget {
  /** e.g. http://127.0.0.1:8093 */
  baseUrl: string;
  /** "pglite" or "postgresql" */
  database: 'pglite' | 'postgresql';
  /** The merchant the scale data filled, and how to sign in as it. */
  account: { email: string; password: string };
  /** The server's process id, to read its memory from /proc. */
  pid: number;
  /** A reference of one of the merchant's unpaid invoices, for the payer page. */
  invoiceReference: string;
  /** A reference of one of its open store sale lists, for the storefront's pages. */
  saleReference: string;
  /** A reference of one of its paid sale orders, for the storefront's receipt. */
  orderReference: string;
  log: (line: string) => void;
}

/** Whether a figure meets its budget; undefined without one. A ratio budget with no ratio is not met. */
export function met(figure: Figure): boolean | undefined {
  const { budget } = figure;
  if (budget === undefined) return undefined;
  const judged = budget.of === 'ratio' ? figure.ratio : figure.value;
  if (judged === undefined || Number.isNaN(judged)) return false;
  if (budget.kind === 'exact') return judged === budget.limit;
  return budget.kind === 'max' ? judged <= budget.limit : judged >= budget.limit;
}

/** Median of a sample (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The p-th percentile (0–100) of a sample, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
