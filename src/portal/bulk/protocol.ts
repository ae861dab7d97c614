import type { BulkCheck } from '../../shared/spreadsheet/invoiceRows';

/** What the screen and its worker say to each other (structured-cloned, the file's bytes transferred). */

export interface CheckRequest {
  name: string;
  bytes: ArrayBuffer;
  /** Header names besides the field names: each field's label in the user's languages. */
  aliases: Record<string, string>;
}

export type CheckAnswer =
  | { ok: true; check: BulkCheck; /** Milliseconds the worker took to parse and check. */ ms: number }
  | { ok: false; key: string; params: Record<string, unknown> };
