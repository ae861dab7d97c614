import { now as clockNow } from '../../schema/calendar';
import type { ServerContext } from '../context';
import { voidExpiredAuthorizations } from '../payments/authorizations';
import { sweepPayments } from '../payments/sweep';
import { releaseExpiredOrders } from '../sales/orders';
import { processDueRefunds } from '../payments/refunds';
import { followContractDates } from '../property/contract-schedule';
import { runDailySettlement } from '../payments/settlement-run';
import { chargeDueSubscriptions } from '../payments/subscriptions';
import { issueDueRent } from '../rentals/rent-schedule';
import type { TableRow } from '../storage/entity-rows';
import { queueInvoiceSms } from './invoice-sms';
import { WebhookDispatcher, type WebhookOptions } from './webhook-dispatcher';

/**
 * What happens by the clock: contracts start and end by their dates (renting and freeing their
 * units), scheduled invoices and scheduled bulk uploads send their SMS when
 * their time comes, due subscriptions are charged, payments are swept (unanswered ones become
 * incomplete, overdue invoices expire), authorisations past their capture deadline are voided,
 * due refunds are processed, the day's settlement run makes and pays out payment transfers, rent
 * invoices are issued on their tenants' sending days, and webhooks are retried. Each tick claims
 * its rows in the transaction that queues their messages (`for update skip locked`, or an update
 * whose condition a second claimer no longer meets), so each SMS leaves exactly once, across
 * restarts and with several servers on one PostgreSQL.
 */

const BATCH = 100;

/** Invoices a scheduled send may still ask payment for. */
const OPEN = `status in ('unpaid', 'active')`;

/** What one tick did. */
export interface TickSummary {
  /** Invoices whose scheduled SMS were queued. */
  invoices: number;
  /** Scheduled bulk uploads released (marked completed). */
  uploads: number;
  /** Subscriptions charged. */
  charges: number;
  /** Records the payment sweep changed. */
  swept: number;
  /** Authorisations voided because their capture deadline passed. */
  voided: number;
  /** Refunds processed or failed. */
  refunds: number;
  /** Contracts started or ended by their dates, and tenants flagged or unflagged as their contract nears its end. */
  contracts: number;
  /** Payment transfers made or paid out by the day's settlement run. */
  transfers: number;
  /** Webhooks delivered. */
  webhooks: number;
  /** Unpaid sale orders whose hold ran out, their stock given back. */
  expiredOrders: number;
  /** Rent invoices issued on their tenants' sending days. */
  rent: number;
}

function tableOf(ctx: ServerContext, entity: string): string | null {
  return ctx.stores.get(entity)?.table ?? null;
}

/** Queues the SMS of every invoice scheduled at or before `now` (any kind) and not paid or closed since. */
export async function sendScheduledInvoices(ctx: ServerContext, now: Date): Promise<number> {
  const table = tableOf(ctx, 'invoice');
  if (!table) return 0;
  let sent = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<TableRow<'invoice'>>(
        `update ${table} set sms_status = 'pending'
         where id in (
           select id from ${table} where sms_status = 'scheduled' and scheduled_at <= $1::timestamptz and ${OPEN}
           order by scheduled_at, id limit ${BATCH} for update skip locked)
         returning *`,
        [now.toISOString()],
      );
      for (const row of rows) await queueInvoiceSms(tx, ctx, row.merchant_id, row);
      return rows.length;
    });
    sent += claimed;
    if (claimed < BATCH) return sent;
  }
}

/**
 * Marks every bulk upload scheduled at or before `now` completed and, where invoices name their
 * upload (`bulk_upload_id`), queues the SMS of its invoices still waiting. Invoices that carry their
 * own `scheduled_at` are sent by `sendScheduledInvoices`.
 */
async function releaseScheduledUploads(ctx: ServerContext, now: Date): Promise<{ uploads: number; invoices: number }> {
  const uploads = tableOf(ctx, 'bulk_upload');
  const invoices = tableOf(ctx, 'invoice');
  if (!uploads || !invoices) return { uploads: 0, invoices: 0 };
  const linked = 'bulk_upload_id' in (ctx.stores.get('invoice')?.entity.properties ?? {});
  const total = { uploads: 0, invoices: 0 };
  for (;;) {
    const released = await ctx.db.transaction(async (tx) => {
      const due = await tx.query<{ id: number; merchant_id: number }>(
        `update ${uploads} set status = 'completed', updated_at = $1::timestamptz
         where id in (
           select id from ${uploads} where status = 'scheduled' and scheduled_at <= $1::timestamptz
           order by scheduled_at, id limit ${BATCH} for update skip locked)
         returning id, merchant_id`,
        [now.toISOString()],
      );
      let sent = 0;
      for (const upload of linked ? due : []) {
        const rows = await tx.query<TableRow<'invoice'>>(
          `update ${invoices} set sms_status = 'pending'
           where merchant_id = $1::integer and bulk_upload_id = $2::integer and sms_status = 'scheduled' and ${OPEN}
           returning *`,
          [upload.merchant_id, upload.id],
        );
        for (const row of rows) await queueInvoiceSms(tx, ctx, upload.merchant_id, row);
        sent += rows.length;
      }
      return { uploads: due.length, invoices: sent };
    });
    total.uploads += released.uploads;
    total.invoices += released.invoices;
    if (released.uploads < BATCH) return total;
  }
}

export class Scheduler {
  /** Sends the webhook log; also kicked by every `ctx.outbox.kick()`. */
  readonly webhooks: WebhookDispatcher;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly ctx: ServerContext,
    options: WebhookOptions = {},
    /** Told about every failed tick of the loop and every failed background webhook run. */
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.webhooks = new WebhookDispatcher(ctx, options, onError);
  }

  /**
   * Does everything due at `now`. Every step runs even when an earlier one failed; the failures are
   * thrown together at the end. Ticks may overlap (two servers do): claims keep them apart. `now`
   * defaults to the clock the rules read, so a moved clock (tests, the sandbox clock) moves the ticks.
   */
  async tick(now: Date = clockNow()): Promise<TickSummary> {
    const errors: unknown[] = [];
    const step = async <T>(run: () => Promise<T>, fallback: T): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        errors.push(error);
        return fallback;
      }
    };
    // Contracts first: a unit a contract now rents is rented before anything bills it.
    const contracts = await step(() => followContractDates(this.ctx, now), 0);
    const released = await step(() => releaseScheduledUploads(this.ctx, now), { uploads: 0, invoices: 0 });
    const scheduled = await step(() => sendScheduledInvoices(this.ctx, now), 0);
    const charges = await step(() => chargeDueSubscriptions(this.ctx, now), 0);
    const swept = await step(() => sweepPayments(this.ctx, now), 0);
    const voided = await step(() => voidExpiredAuthorizations(this.ctx, now), 0);
    const refunds = await step(() => processDueRefunds(this.ctx, now), 0);
    const transfers = await step(() => runDailySettlement(this.ctx, now), 0);
    const orders = await step(() => releaseExpiredOrders(this.ctx, now), 0);
    const rent = await step(() => issueDueRent(this.ctx, now), { issued: 0, overdue: 0 });
    // What the steps queued (SMS, webhooks of charges) leaves now.
    this.ctx.outbox.kick();
    const webhooks = await step(() => this.webhooks.dispatch(now), 0);
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'Several scheduled tasks failed');
    return {
      invoices: released.invoices + scheduled,
      uploads: released.uploads,
      charges,
      swept,
      voided,
      refunds,
      contracts,
      transfers,
      webhooks,
      expiredOrders: orders,
      rent: rent.issued,
    };
  }

  /** Ticks every `intervalMs` (a tick still running skips its turn). */
  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.onError(error))
        .finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the loop and the webhook sends, waiting for what is running. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.webhooks.stop();
    await this.running;
  }
}
