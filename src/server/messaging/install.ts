import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerOrderNotices } from './order-notices';
import { Scheduler } from './scheduler';
import { registerSmsEffects } from './sms-effects';

/**
 * Everything that leaves the server after an invoice, an order or a payment changes: the SMS of new
 * invoices and subscriptions, the SMS and e-mail telling a sale order's customer its new status,
 * signed webhooks, and the scheduler that sends what waits for its time.
 */

export interface MessagingOptions {
  /**
   * How often the scheduler ticks (scheduled SMS, subscription charges, payment sweep, webhook
   * retries); 0 or unset: never by itself (tests call `app.scheduler.tick(now)`).
   */
  schedulerIntervalMs?: number;
  /** Delay before the first webhook retry; later ones are 4, 20, 120 and 720 times it. Default 30 000. */
  webhookRetryBaseMs?: number;
  /** Time-out of one webhook POST. Default 5 000. */
  webhookTimeoutMs?: number;
  /**
   * Send webhooks over http and to private addresses too (a development server whose merchant
   * receives them on the same machine); the same option of the context lets such URLs be saved.
   */
  webhooksAllowPrivate?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs what is due by the clock; `tick(now)` does it once. */
    scheduler: Scheduler;
  }
}

/**
 * Registers the SMS effects and the order notices (after every other effect, so a group invoice's
 * parts exist when its SMS are written and a rejected order is told of its refund), sends webhooks
 * whenever the outbox is kicked, and starts the scheduler. Call once the routes are registered; the
 * scheduler stops before the database closes. The demo seed runs before, without the notices: its
 * customers are made up, and its messages are those of its invoices and payments.
 */
export function installMessaging(app: FastifyInstance, ctx: ServerContext, options: MessagingOptions = {}): void {
  registerSmsEffects(ctx);
  registerOrderNotices(ctx);
  const scheduler = new Scheduler(
    ctx,
    {
      retryBaseMs: options.webhookRetryBaseMs,
      timeoutMs: options.webhookTimeoutMs,
      allowPrivate: options.webhooksAllowPrivate,
    },
    (error) => app.log.error({ err: error }, 'scheduled task failed'),
  );
  ctx.outbox.onKick(() => scheduler.webhooks.kick());
  app.decorate('scheduler', scheduler);
  app.addHook('preClose', async () => scheduler.stop());
  if (options.schedulerIntervalMs) scheduler.start(options.schedulerIntervalMs);
}
