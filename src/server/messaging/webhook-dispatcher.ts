import { now as clockNow } from '../../schema/calendar';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { assertSet, type TableRow, type WithSet } from '../storage/entity-rows';
import { postTo, Refused, vetTarget, type Resolve } from './webhook-target';
import { signWebhook, WEBHOOK_HEADERS } from './webhooks';

/**
 * POSTs the pending rows of the `webhook_delivery` log. A 2xx answer marks a delivery `delivered`;
 * anything else (another status, a redirect — never followed —, a refused connection, no answer
 * within the time-out) counts an attempt and schedules the next one with exponential back-off,
 * until the last attempt marks it `failed`. A URL the server may not call (not https, or a host
 * that is or resolves to a loopback, private, link-local… address: `webhook-target.ts`) is marked
 * `failed` at once: waiting would not make the address public. Rows are claimed with
 * `for update skip locked` and a lease, so several servers on one database never send one attempt
 * twice, and an attempt cut short by a crash is made again once its lease is over.
 */

export interface WebhookOptions {
  /** Delay before the first retry; the following ones are 4, 20, 120 and 720 times it. Default 30 s. */
  retryBaseMs?: number;
  /** How long one POST may take, its DNS look-up included. Default 5 s. */
  timeoutMs?: number;
  /** Call http URLs and hosts on private networks too (development only). Default false. */
  allowPrivate?: boolean;
  /** Resolves host names; default the system's resolver (`dns.lookup`). */
  resolve?: Resolve;
}

/** Retry delays as multiples of the base: 30 s, 2 min, 10 min, 1 h and 6 h with the default base. */
const BACK_OFF = [1, 4, 20, 120, 720];
/** The first attempt and one per back-off step. */
export const WEBHOOK_MAX_ATTEMPTS = BACK_OFF.length + 1;
const BATCH = 20;
/** How long a claimed row is left alone beyond the request's own time-out. */
const LEASE_MARGIN_MS = 60_000;
const USER_AGENT = 'Bawaba-Webhooks/1';

/** The columns of a delivery the dispatcher reads, which `queueWebhook` sets on every one. */
const DUE_COLUMNS = ['url', 'payload', 'event', 'attempts'] as const;
type DueColumn = (typeof DUE_COLUMNS)[number];

/** A delivery due, with its merchant's secret key. */
type DueDelivery = WithSet<Pick<TableRow<'webhook_delivery'>, 'id' | DueColumn>, DueColumn> & { secret_key: string };

/** The result of one POST: the answer's status, or why there was none. */
interface Attempt {
  status: number | null;
  error: string | null;
  signature: string;
  /** No further attempt is made (the URL is refused). */
  final?: boolean;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = cause && (typeof cause.code === 'string' ? cause.code : cause.message);
  return (detail ? `${error.message}: ${String(detail)}` : error.message).slice(0, 1000);
}

export class WebhookDispatcher {
  private readonly db: Database;
  /** Null when the server does not serve the `webhook_delivery` entity: then there is nothing to send. */
  private readonly table: string | null;
  private readonly retryBaseMs: number;
  private readonly timeoutMs: number;
  private readonly target: { allowPrivate: boolean; resolve?: Resolve };
  private running: Promise<number> | null = null;
  /** Aborts the requests in flight when the server stops. */
  private readonly stopping = new AbortController();

  constructor(
    ctx: ServerContext,
    options: WebhookOptions = {},
    /** Told about every failed run (not about failed deliveries: those are in the log). */
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.db = ctx.db;
    this.table = ctx.stores.get('webhook_delivery')?.table ?? null;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.target = { allowPrivate: options.allowPrivate ?? false, resolve: options.resolve };
  }

  /** Sends soon, without holding up the caller. */
  kick(): void {
    if (this.stopping.signal.aborted || !this.table) return;
    setImmediate(() => void this.dispatch().catch((error: unknown) => this.onError(error)));
  }

  /**
   * Makes every attempt due at `now` (one run at a time in this process); resolves with how many
   * deliveries succeeded. `now` defaults to the clock the rules read, which `queueWebhook` dates
   * deliveries by.
   */
  async dispatch(now: Date = clockNow()): Promise<number> {
    while (this.running) await this.running.catch(() => 0);
    if (this.stopping.signal.aborted || !this.table) return 0;
    this.running = this.deliverDue(now);
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Cuts the requests in flight short (they are made again after their lease) and waits for the run. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running?.catch(() => 0);
  }

  /** The delay before the attempt after attempt number `attempt` (1-based), or null after the last. */
  retryDelay(attempt: number): number | null {
    const factor = BACK_OFF[attempt - 1];
    return factor === undefined ? null : factor * this.retryBaseMs;
  }

  private async deliverDue(now: Date): Promise<number> {
    let delivered = 0;
    for (;;) {
      const due = await this.claim(now);
      if (due.length === 0) return delivered;
      for (const delivery of due.sort((a, b) => a.id - b.id)) {
        const attempt = await this.post(delivery, now);
        if (this.stopping.signal.aborted) return delivered;
        if (await this.record(delivery, attempt, now)) delivered++;
      }
    }
  }

  /** Leases the deliveries due at `now`, with their merchant's secret key. */
  private async claim(now: Date): Promise<DueDelivery[]> {
    if (!this.table) return [];
    const leaseEnd = new Date(now.getTime() + this.timeoutMs + LEASE_MARGIN_MS);
    const rows = await this.db.query<Pick<TableRow<'webhook_delivery'>, 'id' | DueColumn> & { secret_key: string }>(
      `with due as (
         select id from ${this.table}
         where status = 'pending' and (next_attempt_at is null or next_attempt_at <= $1::timestamptz)
         order by id limit ${BATCH} for update skip locked
       )
       update ${this.table} d set next_attempt_at = $2::timestamptz
       from due, merchants m
       where d.id = due.id and m.id = d.merchant_id
       returning d.id, d.url, d.payload, d.event, d.attempts, m.secret_key`,
      [now.toISOString(), leaseEnd.toISOString()],
    );
    return rows.map((row) => {
      assertSet(row, DUE_COLUMNS, 'A webhook delivery');
      return row;
    });
  }

  private async post(delivery: DueDelivery, now: Date): Promise<Attempt> {
    const timestamp = Math.floor(now.getTime() / 1000);
    const signature = signWebhook(delivery.secret_key, timestamp, delivery.payload);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = AbortSignal.any([timeout, this.stopping.signal]);
    try {
      const target = await vetTarget(delivery.url, this.target, signal);
      const status = await postTo(
        target,
        {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signature,
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
        },
        delivery.payload,
        signal,
      );
      const ok = status >= 200 && status < 300;
      return { status, error: ok ? null : `HTTP ${status}`, signature };
    } catch (error) {
      if (error instanceof Refused) return { status: null, error: error.message, signature, final: true };
      return {
        status: null,
        error: timeout.aborted ? `No answer within ${this.timeoutMs} ms` : describe(error),
        signature,
      };
    }
  }

  /** Writes the attempt's outcome; true when the delivery is now delivered. */
  private async record(delivery: DueDelivery, attempt: Attempt, now: Date): Promise<boolean> {
    const attempts = delivery.attempts + 1;
    const delivered = attempt.error === null;
    const delay = delivered || attempt.final ? null : this.retryDelay(attempts);
    const status = delivered ? 'delivered' : delay === null ? 'failed' : 'pending';
    const at = now.toISOString();
    await this.db.query(
      `update ${this.table}
       set status = $2::text, attempts = $3::integer, response_status = $4::integer, last_error = $5::text,
           next_attempt_at = $6::timestamptz, delivered_at = $7::timestamptz, signature = $8::text,
           updated_at = $9::timestamptz
       where id = $1::integer`,
      [
        delivery.id,
        status,
        attempts,
        attempt.status,
        attempt.error,
        delay === null ? null : new Date(now.getTime() + delay).toISOString(),
        delivered ? at : null,
        attempt.signature,
        at,
      ],
    );
    return delivered;
  }
}
