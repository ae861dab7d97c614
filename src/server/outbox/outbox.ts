import { now } from '../../schema/calendar';
import type { Database, Queryable } from '../db/database';

/**
 * Every SMS, WhatsApp message and e-mail is first written to the `outbox` table, in the same transaction as the change
 * that caused it, then handed to a transport. A failed delivery is retried and finally marked
 * `failed` with its error; nothing is dropped without a trace. (Webhooks keep a log of their own,
 * `webhook_delivery`, sent by `messaging/webhook-dispatcher.ts` whenever the outbox is kicked.)
 */

export type Channel = 'email' | 'sms' | 'whatsapp' | 'webhook';

export interface OutboxMessage {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
  language: string;
  merchantId?: number | null;
  /** Who an SMS says it is from (the merchant's sender id); the transport's default when unset. */
  sender?: string | null;
  /** The invoice an SMS carries the link of: its `sms_status` follows the delivery. */
  invoiceId?: number | null;
}

export interface StoredMessage extends OutboxMessage {
  id: number;
  attempts: number;
}

/** Where messages go: the console by default, an SMS or mail gateway where configured. */
export interface Transport {
  deliver(message: StoredMessage): Promise<void>;
}

/** The final outcome of one message: handed to the transport, or given up on after the last attempt. */
export type Outcome = 'sent' | 'failed';

/** Told once a message is sent or has failed for good, e.g. to move the status of what it was about. */
export type OutcomeListener = (message: StoredMessage, outcome: Outcome) => Promise<void>;

const MAX_ATTEMPTS = 5;

/** Waits for the event loop's next turn, so timers and incoming requests run. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const BATCH = 20;

interface OutboxRow extends Record<string, unknown> {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  language: string;
  merchant_id: number | null;
  sender: string | null;
  invoice_id: number | null;
  attempts: number;
}

export class Outbox {
  private running: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly kickListeners: (() => void)[] = [];
  private readonly outcomeListeners: OutcomeListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly transport: Transport,
    /** Told about every failed delivery (with its message) and every failed sweep (without). */
    private readonly onError: (error: unknown, message?: StoredMessage) => void = () => {},
  ) {}

  /** Writes a message with the caller's transaction; call `kick()` once it has committed. */
  async enqueue(q: Queryable, message: OutboxMessage): Promise<void> {
    await q.query(
      // Queued by the clock the rules read, as it is sent by it (the database's now() is when its transaction began).
      `insert into outbox (merchant_id, channel, recipient, subject, body, language, sender, invoice_id, created_at)
       values ($1::integer, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::integer, $9::timestamptz)`,
      [
        message.merchantId ?? null,
        message.channel,
        message.recipient,
        message.subject ?? null,
        message.body,
        message.language,
        message.sender ?? null,
        message.invoiceId ?? null,
        now().toISOString(),
      ],
    );
  }

  /**
   * Writes many messages with one statement of the caller's transaction (a scheduler's batch), in
   * their order; call `kick()` once it has committed.
   */
  async enqueueAll(q: Queryable, messages: readonly OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const rows = messages.map((message, index) => ({
      n: index,
      merchant_id: message.merchantId ?? null,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      language: message.language,
      sender: message.sender ?? null,
      invoice_id: message.invoiceId ?? null,
    }));
    await q.query(
      `insert into outbox (merchant_id, channel, recipient, subject, body, language, sender, invoice_id, created_at)
       select m.merchant_id, m.channel, m.recipient, m.subject, m.body, m.language, m.sender, m.invoice_id, $2::timestamptz
       from jsonb_to_recordset($1::text::jsonb) as m(n integer, merchant_id integer, channel text, recipient text,
         subject text, body text, language text, sender text, invoice_id integer)
       order by m.n`,
      [JSON.stringify(rows), now().toISOString()],
    );
  }

  /**
   * Delivers soon, without holding up the request that queued the message. Every write that may
   * have queued something calls this after its commit, so other senders (webhooks) listen to it too.
   */
  kick(): void {
    setImmediate(() => void this.flush().catch((error: unknown) => this.onError(error)));
    for (const listener of this.kickListeners) listener();
  }

  /** Runs `listener` on every `kick()`: after a commit that may have queued something. */
  onKick(listener: () => void): void {
    this.kickListeners.push(listener);
  }

  /** Tells `listener` of every message sent, and of every message that failed for good. */
  onOutcome(listener: OutcomeListener): void {
    this.outcomeListeners.push(listener);
  }

  /** Delivers every pending message; resolves with how many were sent. Runs one at a time. */
  async flush(): Promise<number> {
    while (this.running) await this.running.catch(() => 0);
    this.running = this.deliverPending();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Also sweeps periodically, for retries and for messages left by a previous run. */
  start(intervalMs: number): void {
    void this.db.query(`update outbox set status = 'pending' where status = 'sending'`).then(() => this.kick());
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** Puts claimed messages back, untried. */
  private async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(
      `update outbox set status = 'pending', attempts = attempts - 1
       where status = 'sending' and id in (select jsonb_array_elements_text($1::text::jsonb)::integer)`,
      [ids],
    );
  }

  /** A listener that fails is reported, never undoes the delivery it was told of. */
  private async tell(message: StoredMessage, outcome: Outcome): Promise<void> {
    for (const listener of this.outcomeListeners) {
      await listener(message, outcome).catch((error: unknown) => this.onError(error, message));
    }
  }

  private async deliverPending(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.db.query<OutboxRow>(
        `update outbox set status = 'sending', attempts = attempts + 1
         where id in (select id from outbox where status = 'pending' order by id limit ${BATCH} for update skip locked)
         returning id, channel, recipient, subject, body, language, merchant_id, sender, invoice_id, attempts`,
      );
      if (batch.length === 0) return sent;
      const rows = batch.sort((a, b) => a.id - b.id);
      for (const [index, row] of rows.entries()) {
        const message: StoredMessage = {
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject ?? undefined,
          body: row.body,
          language: row.language,
          merchantId: row.merchant_id,
          sender: row.sender,
          invoiceId: row.invoice_id,
          attempts: row.attempts,
        };
        try {
          await this.transport.deliver(message);
          await this.db.query(
            // Sent by the clock the rules read, so the usage report counts it in the month the server lives in.
            `update outbox set status = 'sent', sent_at = $2::timestamptz, last_error = null where id = $1::integer`,
            [row.id, now().toISOString()],
          );
          sent++;
          await this.tell(message, 'sent');
          // Let requests in between: on the embedded database every query resolves without
          // returning to the event loop, so a long queue would otherwise hold the server.
          await breathe();
        } catch (error) {
          this.onError(error, message);
          const failed = row.attempts >= MAX_ATTEMPTS;
          await this.db.query(`update outbox set status = $1::text, last_error = $2::text where id = $3::integer`, [
            failed ? 'failed' : 'pending',
            String(error instanceof Error ? error.message : error).slice(0, 1000),
            row.id,
          ]);
          if (failed) await this.tell(message, 'failed');
          // A failing transport is retried on the next sweep, not in a tight loop now; the rest of
          // the batch, claimed but not tried, waits for it as it was.
          if (row.attempts < MAX_ATTEMPTS) {
            await this.release(rows.slice(index + 1).map((rest) => rest.id));
            return sent;
          }
        }
      }
    }
  }
}
