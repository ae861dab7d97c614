import type { Database, Queryable } from '../db/database';

/**
 * Every SMS, e-mail and webhook is first written to the `outbox` table, in the same transaction as
 * the change that caused it, then handed to a transport. A failed delivery is retried and finally
 * marked `failed` with its error; nothing is dropped without a trace.
 */

export type Channel = 'email' | 'sms' | 'webhook';

export interface OutboxMessage {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
  language: string;
  merchantId?: number | null;
}

export interface StoredMessage extends OutboxMessage {
  id: number;
  attempts: number;
}

/** Where messages go: the console by default, an SMS or mail gateway where configured. */
export interface Transport {
  deliver(message: StoredMessage): Promise<void>;
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;

interface OutboxRow extends Record<string, unknown> {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  language: string;
  merchant_id: number | null;
  attempts: number;
}

export class Outbox {
  private running: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly transport: Transport,
    /** Told about every failed delivery (with its message) and every failed sweep (without). */
    private readonly onError: (error: unknown, message?: StoredMessage) => void = () => {},
  ) {}

  /** Writes a message with the caller's transaction; call `kick()` once it has committed. */
  async enqueue(q: Queryable, message: OutboxMessage): Promise<void> {
    await q.query(
      `insert into outbox (merchant_id, channel, recipient, subject, body, language)
       values ($1::integer, $2::text, $3::text, $4::text, $5::text, $6::text)`,
      [
        message.merchantId ?? null,
        message.channel,
        message.recipient,
        message.subject ?? null,
        message.body,
        message.language,
      ],
    );
  }

  /** Delivers soon, without holding up the request that queued the message. */
  kick(): void {
    setImmediate(() => void this.flush().catch((error: unknown) => this.onError(error)));
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

  private async deliverPending(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.db.query<OutboxRow>(
        `update outbox set status = 'sending', attempts = attempts + 1
         where id in (select id from outbox where status = 'pending' order by id limit ${BATCH} for update skip locked)
         returning id, channel, recipient, subject, body, language, merchant_id, attempts`,
      );
      if (batch.length === 0) return sent;
      for (const row of batch.sort((a, b) => a.id - b.id)) {
        const message: StoredMessage = {
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject ?? undefined,
          body: row.body,
          language: row.language,
          merchantId: row.merchant_id,
          attempts: row.attempts,
        };
        try {
          await this.transport.deliver(message);
          await this.db.query(
            `update outbox set status = 'sent', sent_at = now(), last_error = null where id = $1::integer`,
            [row.id],
          );
          sent++;
        } catch (error) {
          this.onError(error, message);
          await this.db.query(`update outbox set status = $1::text, last_error = $2::text where id = $3::integer`, [
            row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            String(error instanceof Error ? error.message : error).slice(0, 1000),
            row.id,
          ]);
          // A failing transport is retried on the next sweep, not in a tight loop now.
          if (row.attempts < MAX_ATTEMPTS) return sent;
        }
      }
    }
  }
}
