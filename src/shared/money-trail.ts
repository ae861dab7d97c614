/**
 * The money trail as the API answers it (`GET /v1/money-trail/{entity}/{id}`), shared by the
 * server's route and the portal's page: from any record of a payment's life, the whole chain —
 * invoice → payments → refunds and captures, with their ledger postings → the transfers that paid
 * them out — and its totals, every amount a KWD string with three decimals, read from the ledger.
 * Its shape is the JSON schema of `money-trail-schema.ts`.
 */
import type { TrailRoot } from '../generated/money-trail';

/** The entities a trail may start from, by their schema names. */
export const TRAIL_ENTITIES = ['invoice', 'transaction', 'refund', 'capture', 'payment_transfer'] as const;

export type TrailEntity = (typeof TRAIL_ENTITIES)[number];

export const isTrailEntity = (value: unknown): value is TrailEntity =>
  (TRAIL_ENTITIES as readonly unknown[]).includes(value);

/** Most chains a trail shows in detail (a transfer of many payments); `roots_count` says how many there are. */
export const TRAIL_ROOT_LIMIT = 50;

// The answer's types, generated from its JSON schema (`money-trail-schema.ts`), which the route declares.
export type {
  MoneyTrail,
  TrailBalance,
  TrailCapture,
  TrailLedgerFigures,
  TrailPosting,
  TrailRefund,
  TrailRoot,
  TrailTotals,
  TrailTransaction,
  TrailTransfer,
} from '../generated/money-trail';

/** The invoice of a chain (`TrailRoot.invoice`, null for a payment without one). */
export type TrailInvoice = NonNullable<TrailRoot['invoice']>;
