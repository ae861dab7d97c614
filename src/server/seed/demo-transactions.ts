import type { Transaction } from '../../generated';
import type { EntityServerValues } from '../../generated/entities';
import { fromFils, toFils } from '../../shared/money';
import type { Demo } from './demo-writer';
import type { Random } from './random';

/**
 * Demo transactions over the last months (every status and channel, a few incomplete ones in the
 * last days), and the refund and capture requests made of them.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
const isoTime = (time: number) => new Date(time).toISOString();
const digits = (random: Random, length: number) =>
  Array.from({ length }, (_, i) => random.int(i === 0 ? 1 : 0, 9)).join('');
/** Fils of a demo amount (always a valid KWD string). */
const filsOf = (amount: string) => toFils(amount) ?? 0n;
export const kuwaitiMobile = (random: Random) => `965${random.pick(['5', '6', '9'])}${digits(random, 7)}`;

export const CUSTOMERS = [
  'Abdulaziz Al-Mutawa',
  'شيخة الصباح',
  'Dalal Al-Kharafi',
  'فهد العنزي',
  'Ravi Menon',
  'بدر الشمالي',
  'Noor Hamdan',
  'منيرة البسام',
  'Jassim Al-Failakawi',
  'أنوار القطان',
  'Elena Petrova',
  'حمد المطيري',
];

type Status = NonNullable<Transaction['status']>;
type Channel = NonNullable<Transaction['channel']>;
type Method = NonNullable<Transaction['payment_method']>;

/** A demo transaction as the requests made of it need it: its id, and what the demo wrote. */
export type SeededTransaction = { id: number } & Required<Pick<Transaction, 'amount' | 'status' | 'created_at'>>;

/** Status of the i-th transaction: mostly successful; the first is a success, the second authorized. */
function statusOf(random: Random, i: number, recent: boolean): Status {
  if (i === 0) return 'success';
  if (i === 1) return 'authorized';
  if (recent && i % 4 === 0) return 'incomplete';
  return random.pick<Status>([
    ...Array<Status>(12).fill('success'),
    'failed',
    'failed',
    'authorized',
    'pending',
    'refunded',
    'refunded',
    'incomplete',
  ]);
}

const RESULT_CODES: Record<Status, readonly string[]> = {
  success: ['CAPTURED'],
  failed: ['NOT CAPTURED', 'DENIED BY RISK', 'HOST TIMEOUT'],
  authorized: ['APPROVED'],
  pending: ['PENDING'],
  refunded: ['CAPTURED'],
  incomplete: ['INITIATED'],
  voided: ['VOIDED'],
};

/** Gateway charges in basis points of the amount, by payment method. */
const ADMIN_RATE: Record<Method, bigint> = { card: 225n, apple_pay: 150n, google_pay: 150n, cash: 0n };

/**
 * `count` transactions, oldest first: most spread over the last `days` days, the last fifth within
 * the last week. `subMerchants` name the vendors of multi-vendor payments.
 */
export function demoTransactions(random: Random, count: number, days: number, subMerchants: string[]) {
  const now = Date.now();
  const recentFrom = Math.floor(count * 0.8);
  return Array.from({ length: count }, (_, i) => {
    const recent = i >= recentFrom;
    const created = recent
      ? now - Math.floor(((count - i) / (count - recentFrom)) * 6.5 * DAY) + random.int(0, 2 * 60) * MINUTE
      : now - Math.floor((1 - i / recentFrom) * days * DAY) - 8 * DAY;
    const status = statusOf(random, i, recent);
    const channel = random.pick<Channel>(['online', 'online', 'payment_link', 'payment_link', 'pos', 'multi_vendor']);
    const method =
      channel === 'pos'
        ? random.pick<Method>(['card', 'card', 'apple_pay'])
        : random.pick<Method>(['card', 'card', 'apple_pay', 'google_pay', 'cash']);
    const amount = BigInt(random.int(1, 450) * 1000 + random.pick([0, 250, 500, 750, random.int(1, 999)]));
    const adminCharge = (amount * ADMIN_RATE[method]) / 10_000n;
    const commission = channel === 'multi_vendor' ? (amount * 5n) / 100n : 0n;
    const settled = status === 'success' || status === 'refunded';
    const name = CUSTOMERS[(i * 5) % CUSTOMERS.length];
    const system = {
      reference_no: `${4_100_000_000 + i * 7_919}${digits(random, 2)}`,
      token_no: digits(random, 16),
      payment_id: `${100_202_600_000_000 + i * 104_729}${digits(random, 4)}`,
      track_id: `TRK${String(i + 1).padStart(6, '0')}${digits(random, 3)}`,
      auth_code: status === 'failed' || status === 'incomplete' ? undefined : digits(random, 6),
      result_code: random.pick(RESULT_CODES[status]),
      invoice_reference:
        channel === 'payment_link' ? `INV-2026-${String(random.int(1, 40)).padStart(6, '0')}` : undefined,
      customer_name: name,
      customer_mobile: kuwaitiMobile(random),
      channel,
      sub_merchant: channel === 'multi_vendor' ? random.pick(subMerchants) : undefined,
      payment_method: method,
      amount: fromFils(amount),
      admin_charge: fromFils(settled ? adminCharge : 0n),
      commission: fromFils(settled ? commission : 0n),
      net_amount: fromFils(settled ? amount - adminCharge - commission : 0n),
      pending_amount: fromFils(status === 'success' || status === 'authorized' ? amount : 0n),
      status,
      created_at: isoTime(created),
      updated_at: isoTime(created + random.int(0, 3) * MINUTE),
    } satisfies EntityServerValues<'transaction'>;
    return { values: {}, system } satisfies Demo<'transaction'>;
  });
}

const REFUND_STATUSES = ['pending', 'processed', 'processed', 'cancelled', 'failed'] as const;

/** Demo records of one entity, and the changes they make to the transactions they name. */
export interface Requests<N extends 'refund' | 'capture'> {
  records: Demo<N>[];
  /** Transaction values after the requests were handled, by transaction id. */
  settled: Map<number, EntityServerValues<'transaction'>>;
}

/**
 * Refund requests: a processed full refund for each refunded transaction, and partial requests in
 * every status for some successful ones (a processed one lowers the transaction's pending amount).
 * Every request is made while its transaction is still a success, as the API demands.
 */
export function demoRefunds(random: Random, transactions: SeededTransaction[]): Requests<'refund'> {
  const records: Demo<'refund'>[] = [];
  const settled = new Map<number, EntityServerValues<'transaction'>>();
  const now = Date.now();
  for (const t of transactions.filter((row) => row.status === 'refunded')) {
    const requested = Math.min(now, Date.parse(t.created_at) + random.int(1, 48) * 60 * MINUTE);
    records.push({
      values: {
        transaction_id: t.id,
        method: 'full',
        total_amount: t.amount,
        pending_amount: t.amount,
        refund_amount: t.amount,
      },
      system: {
        status: 'processed',
        approved_by: 'Hessa Al-Noori',
        approved_on: isoTime(Math.min(now, requested + 20 * MINUTE)),
        created_at: isoTime(requested),
      },
    });
    settled.set(t.id, { status: 'refunded', pending_amount: '0.000' });
  }
  const refundable = transactions.filter((t) => t.status === 'success' && t.id !== transactions[0].id);
  refundable.slice(-REFUND_STATUSES.length * 2).forEach((t, i) => {
    const status = REFUND_STATUSES[i % REFUND_STATUSES.length];
    const amount = filsOf(t.amount);
    const refund = (amount * BigInt(random.int(10, 60))) / 100n || 1n;
    // A request still pending was made minutes ago: it may yet be cancelled (SPEC §9: 20 minutes).
    const requested =
      status === 'pending'
        ? now - random.int(2, 15) * MINUTE
        : Math.min(now, Date.parse(t.created_at) + random.int(1, 30) * 60 * MINUTE);
    records.push({
      values: {
        transaction_id: t.id,
        method: 'partial',
        total_amount: t.amount,
        pending_amount: t.amount,
        refund_amount: fromFils(refund),
        remarks: i % 2 ? 'Customer returned part of the order' : 'إرجاع جزء من الطلب',
      },
      system: {
        status,
        ...(status === 'processed'
          ? { approved_by: 'Hessa Al-Noori', approved_on: isoTime(Math.min(now, requested + 20 * MINUTE)) }
          : {}),
        created_at: isoTime(requested),
      },
    });
    if (status === 'processed') settled.set(t.id, { pending_amount: fromFils(amount - refund) });
  });
  return { records, settled };
}

const CAPTURE_STATUSES = ['pending', 'captured', 'rejected', 'captured'] as const;

/**
 * Capture requests on authorized transactions (all but the first), in every status; a captured
 * one turns its transaction into a success whose pending amount is what was captured.
 */
export function demoCaptures(random: Random, transactions: SeededTransaction[]): Requests<'capture'> {
  const records: Demo<'capture'>[] = [];
  const settled = new Map<number, EntityServerValues<'transaction'>>();
  transactions
    .filter((t) => t.status === 'authorized')
    .slice(1)
    .forEach((t, i) => {
      const status = CAPTURE_STATUSES[i % CAPTURE_STATUSES.length];
      const amount = filsOf(t.amount);
      const captured = i % 2 === 1 ? (amount * 3n) / 4n || 1n : amount;
      records.push({
        values: {
          transaction_id: t.id,
          capture_type: captured === amount ? 'full' : 'partial',
          pending_amount: t.amount,
          amount: fromFils(captured),
        },
        system: {
          status,
          created_at: isoTime(Math.min(Date.now(), Date.parse(t.created_at) + random.int(10, 600) * MINUTE)),
        },
      });
      if (status === 'captured') settled.set(t.id, { status: 'success', pending_amount: fromFils(captured) });
    });
  return { records, settled };
}
