import { getEntitySchema } from '../../schema/registry';
import { holdMerchantTransfers } from '../support/transfers';
import { demoBulkUploads, demoOpenInvoices, type DemoInvoice } from './demo-invoices';
import { planInvoices, planOpenInvoices } from './demo-link-payments';
import { planSubscriptions } from './demo-subscriptions';
import { DemoTimeline } from './demo-timeline';
import { planChannelPayments } from './demo-transactions';
import type { DemoWriter } from './demo-writer';
import { seededRandom, type Random } from './random';

/**
 * Demo payments of a merchant: its invoices paid (or not), payments of its other channels with
 * their refund and capture requests, recurring subscriptions, open invoices, the payment transfers
 * the nightly settlement run makes of them, and the bulk SMS uploads of the invoices area.
 */

const DAY = 86_400_000;

export interface DemoPaymentsOptions {
  seed: number;
  /** The merchant's invoices, created and paid (or not) over the months. */
  invoices: DemoInvoice[];
  /** Number of payments of the channels without a payer link (online, POS, multi-vendor), over about seven months. */
  transactions: number;
  subMerchants: string[];
  /** Support holds the merchant's payment transfers this many days before the end, with this reason. */
  holdTransfers?: { email: string; daysAgo: number; reason: string };
  /** More of the merchant's flows to play on the same timeline (its sale lists' orders). */
  plan?: (timeline: DemoTimeline, random: Random) => void;
}

/**
 * Seeds the payments and invoice-area demo data of one merchant: every figure about money comes
 * from the product's own flows, played over the months on the demo's timeline, payment transfers
 * included: the nightly settlement run makes them from the transactions and refunds.
 */
export async function seedDemoPayments(demo: DemoWriter, options: DemoPaymentsOptions): Promise<void> {
  const random = seededRandom(options.seed);
  const timeline = new DemoTimeline(demo.ctx, new Date());
  planInvoices(timeline, demo, random, options.invoices);
  planChannelPayments(timeline, demo, random, {
    count: options.transactions,
    days: 200,
    subMerchants: options.subMerchants,
  });
  planSubscriptions(timeline, demo, random);
  planOpenInvoices(timeline, demo, random, demoOpenInvoices(random));
  options.plan?.(timeline, random);
  timeline.settleEachNight();
  const hold = options.holdTransfers;
  if (hold) {
    timeline.at(timeline.end.getTime() - hold.daysAgo * DAY, async () => {
      await holdMerchantTransfers(demo.ctx, hold.email, hold.reason);
    });
  }
  await timeline.play();
  // Seeding sends nothing: what the replayed months would have told the merchant's webhook is not sent now.
  await demo.tx.query(
    `delete from ${getEntitySchema('webhook_delivery')['x-resource'].table} where merchant_id = $1::integer`,
    [demo.merchantId],
  );
  for (const upload of demoBulkUploads(random)) await demo.create('bulk_upload', upload);
}
