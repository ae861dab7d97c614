import type { Subscription } from '../../generated';
import { getEntitySchema } from '../../schema/registry';
import { fromFils } from '../../shared/money';
import { demoBulkUploads, demoOpenInvoices } from './demo-invoices';
import {
  CUSTOMERS,
  demoCaptures,
  demoRefunds,
  demoTransactions,
  kuwaitiMobile,
  type SeededTransaction,
} from './demo-transactions';
import type { Demo, DemoWriter } from './demo-writer';
import { seededRandom, type Random } from './random';

/**
 * Demo payments of a merchant: transactions with their refund and capture requests, weekly
 * payment transfers, recurring subscriptions, and the open invoices and bulk SMS uploads of the
 * invoices area.
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

/**
 * Periods of each frequency a demo subscription runs, and about how many days they span (within a
 * year, as x-period demands); an on-demand plan has no period.
 */
type Frequency = NonNullable<Subscription['frequency']>;
const PLANS: Partial<Record<Frequency, { periods: number; days: number }>> = {
  hourly: { periods: 24, days: 1 },
  daily: { periods: 30, days: 30 },
  weekly: { periods: 12, days: 84 },
  monthly: { periods: 12, days: 366 },
  quarterly: { periods: 4, days: 366 },
  half_yearly: { periods: 2, days: 366 },
  yearly: { periods: 1, days: 366 },
};
const SUBSCRIPTION_STATUSES = ['active', 'active', 'completed', 'cancelled', 'failed'] as const;

/**
 * A subscription of every frequency the schema offers, in every status: completed ones started
 * long enough ago to have run every period, active ones recently (or start soon).
 */
function demoSubscriptions(random: Random): Demo<'subscription'>[] {
  // Every frequency the schema offers: the very enum the generated type is made of.
  const frequencies = (getEntitySchema('subscription').properties.frequency.enum ?? []) as Frequency[];
  const now = Date.now();
  return [...frequencies, 'monthly' as const, 'weekly' as const, 'quarterly' as const].map((frequency, i) => {
    const status = SUBSCRIPTION_STATUSES[i % SUBSCRIPTION_STATUSES.length];
    const { periods, days } = PLANS[frequency] ?? { periods: undefined, days: 0 };
    const start =
      status === 'completed'
        ? now - (days + random.int(2, 20)) * DAY
        : status === 'active'
          ? now + random.int(-3, 10) * DAY
          : now - random.int(5, 200) * DAY;
    const recurrences =
      status === 'completed' ? (periods ?? 3) : start > now ? 0 : random.int(0, Math.min(3, (periods ?? 4) - 1));
    const amount = BigInt(random.int(3, 120) * 1000 + random.pick([0, 500, 750]));
    return {
      values: {
        customer_name: CUSTOMERS[(i * 7 + 3) % CUSTOMERS.length],
        mobile: kuwaitiMobile(random),
        ...(i % 2 === 0 ? { email: `subscriber${i + 1}@example.com` } : {}),
        amount: fromFils(amount),
        frequency,
        ...(periods ? { number_of_periods: periods } : {}),
        start_date: isoDate(start),
      },
      system: {
        status,
        card_expiry: `${String(random.int(1, 12)).padStart(2, '0')}/${random.int(27, 31)}`,
        collected_amount: fromFils(amount * BigInt(recurrences)),
        number_of_recurrences: recurrences,
        created_at: isoTime(Math.min(now, start) - random.int(1, 5) * DAY),
      },
    };
  });
}

export interface DemoPaymentsOptions {
  seed: number;
  /** Number of transactions, over about seven months. */
  transactions: number;
  subMerchants: string[];
  bank: [name: string, account: string];
}

/** Seeds the payments and invoice-area demo data of one merchant. */
export async function seedDemoPayments(demo: DemoWriter, options: DemoPaymentsOptions): Promise<void> {
  const random = seededRandom(options.seed);

  // Transactions are stored as they were before any refund or capture request was made of them.
  const transactions: SeededTransaction[] = [];
  for (const { values, system } of demoTransactions(random, options.transactions, 200, options.subMerchants)) {
    const { status, amount, created_at } = system;
    const before = status === 'refunded' ? { status: 'success' as const, pending_amount: amount } : {};
    const created = await demo.create('transaction', { values, system: { ...system, ...before } });
    transactions.push({ id: created.id, status, amount, created_at });
  }
  const refunds = demoRefunds(random, transactions);
  const captures = demoCaptures(random, transactions);
  for (const refund of refunds.records) await demo.create('refund', refund);
  for (const capture of captures.records) await demo.create('capture', capture);
  for (const [id, values] of [...refunds.settled, ...captures.settled]) await demo.change('transaction', id, values);
  for (const transfer of demoTransfers(random, 30, options.bank)) await demo.create('payment_transfer', transfer);
  for (const subscription of demoSubscriptions(random)) await demo.create('subscription', subscription);
  for (const invoice of demoOpenInvoices(random)) await demo.create('open_invoice', invoice);
  for (const upload of demoBulkUploads(random)) await demo.create('bulk_upload', upload);
}
