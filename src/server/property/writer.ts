import type { Queryable } from '../db/database';

/** A write of property records: its transaction, its merchant, and who the history names (none for the clock's own). */
export interface Writer {
  tx: Queryable;
  merchantId: number;
  actor?: string;
}
