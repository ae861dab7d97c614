import { fromFils } from '../../shared/money';
import { getEntitySchema } from '../../schema/registry';
import { demoBulkUploads, demoOpenInvoices, type DemoInvoice } from './demo-invoices';
import { planInvoices, planOpenInvoices } from './demo-link-payments';
import { planSubscriptions } from './demo-subscriptions';
import { DemoTimeline } from './demo-timeline';
import { planChannelPayments } from './demo-transactions';
import type { Demo, DemoWriter } from './demo-writer';
import { seededRandom, type Random } from './random';

/**
 * Demo payments of a merchant: its invoices paid (or not), payments of its other channels with
 * their refund and capture requests, recurring subscriptions, open invoices, weekly payment
 * transfers and the bulk SMS uploads of the invoices area.
 */

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const isoTime = (time: number) => new Date(time).toISOString();

/** Weekly payment transfers to the merchant's bank over `weeks` weeks: the latest not yet made, some held. */
function demoTransfers(random: Random, weeks: number, bank: [string, string]): Demo<'payment_transfer'>[] {
  const now = Date.now();
  return Array.from({ length: weeks }, (_, i) => {
    const end = now - (weeks - 1 - i) * 7 * DAY - DAY;
    const status = i === weeks - 1 ? 'not_transferred' : i % 6 === 4 ? 'on_hold' : 'transferred';
    return {
      values: {},
      system: {
        document_no: `PT-${new Date(end).getUTCFullYear()}-${String(i + 1).padStart(5, '0')}`,
        from_date: isoDate(end - 6 * DAY),
        to_date: isoDate(end),
        transfer_date: status === 'transferred' ? isoDate(end + 2 * DAY) : undefined,
        transaction_count: random.int(3, 40),
        amount: fromFils(BigInt(random.int(150, 4_800) * 1000 + random.int(0, 999))),
        bank_name: bank[0],
        bank_account: bank[1],
        status,
        hold_reason:
          status === 'on_hold'
            ? random.pick(['Compliance document review', 'مراجعة مستندات الامتثال', 'Chargeback under investigation'])
            : undefined,
        created_at: isoTime(Math.min(now, end + DAY)),
      },
    };
  });
}

export interface DemoPaymentsOptions {
  seed: number;
  /** The merchant's invoices, created and paid (or not) over the months. */
  invoices: DemoInvoice[];
  /** Number of payments of the channels without a payer link (online, POS, multi-vendor), over about seven months. */
  transactions: number;
  subMerchants: string[];
  bank: [name: string, account: string];
}

/**
 * Seeds the payments and invoice-area demo data of one merchant: every figure about money comes
 * from the product's own flows, played over the months on the demo's timeline; only payment
 * transfers are still made up.
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
  await timeline.play();
  // Seeding sends nothing: what the replayed months would have told the merchant's webhook is not sent now.
  await demo.tx.query(
    `delete from ${getEntitySchema('webhook_delivery')['x-resource'].table} where merchant_id = $1::integer`,
    [demo.merchantId],
  );
  for (const transfer of demoTransfers(random, 30, options.bank)) await demo.create('payment_transfer', transfer);
  for (const upload of demoBulkUploads(random)) await demo.create('bulk_upload', upload);
}
