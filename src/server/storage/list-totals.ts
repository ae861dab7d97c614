/**
 * The totals of list pages. A small total is counted for every page, so it is always exact. A
 * large one (a merchant's 200,000 invoices) costs milliseconds of database time per page however
 * the indexes are made, and nobody can tell 200,312 from 200,318: once counted it is kept for a few
 * seconds and shared by every request for the same list, including those asking while it is being
 * counted. It may therefore lag the newest writes by at most `KEEP_MS`.
 *
 * Kept in each server's process, not shared: with several servers on one database each keeps its
 * own, so two of them may answer a large list's total up to `KEEP_MS` apart. Nothing depends on
 * it but the figure shown.
 */

/** Totals up to this many rows are never kept. */
export const EXACT_UP_TO = 10_000;
/** How long a large total is kept. */
export const KEEP_MS = 5_000;
/** Most lists whose totals are kept at once; the oldest make room. */
const MAX_KEPT = 500;

interface Kept {
  total: Promise<number>;
  until: number;
}

export class ListTotals {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The total of the list `key` names (its statement and parameters), from `count` unless a large
   * one was counted less than `KEEP_MS` ago or is being counted now.
   */
  async total(key: string, count: () => Promise<number>): Promise<number> {
    const now = this.now();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.total;
    const total = count();
    this.kept.delete(key);
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    const entry = { total, until: now + KEEP_MS };
    this.kept.set(key, entry);
    const forget = () => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    };
    total.then((value) => value <= EXACT_UP_TO && forget(), forget);
    return total;
  }
}
