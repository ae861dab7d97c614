import type { BulkUpload, Invoice, OpenInvoice } from '../../generated';
import type { EntityCreate } from '../../generated/entities';
import { payerMobile } from './demo-payers';
import type { Demo } from './demo-writer';
import type { Random } from './random';

/** Demo invoices: every status, Arabic and English customers, amounts in fils, dates over months. */

/** The customers demo invoices are made out to. */
export const INVOICE_CUSTOMERS = [
  'Ahmed Al-Sabah',
  'محمد العتيبي',
  'Fatima Al-Mutairi',
  'نورة الرشيدي',
  'John Carter',
  'عبدالله الكندري',
  'Priya Nair',
  'مريم الشمري',
  'Khalid Al-Enezi',
  'يوسف الحربي',
  'Maria Santos',
  'هيا العجمي',
  'Omar Haddad',
  'سالم الدوسري',
  'Sarah Thompson',
  'ريم الفضلي',
];

const TITLES = [
  'Catering order',
  'طلب ضيافة',
  'Monthly service',
  'رسوم اشتراك',
  'Event booking',
  'Wholesale dates',
  'توصيل طلبية',
  'Repair work',
];
/**
 * What becomes of a demo invoice: paid by its payer (or in cash), left unpaid, cancelled by the
 * merchant, left to expire, or partly paid (some of its parts; an invoice of one part stays unpaid).
 */
export type InvoiceFate = 'paid' | 'unpaid' | 'cancelled' | 'expired' | 'partly_paid';
const FATES: readonly InvoiceFate[] = ['paid', 'unpaid', 'cancelled', 'expired', 'partly_paid'];
const OPEN_FATES: ReadonlySet<InvoiceFate> = new Set(['unpaid', 'partly_paid']);
type Methods = NonNullable<Invoice['payment_methods']>;
const METHODS: Methods[] = [
  ['card'],
  ['card', 'apple_pay'],
  ['card', 'google_pay', 'apple_pay'],
  ['cash'],
  ['card', 'cash'],
];

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const fils = (value: number) => `${Math.floor(value / 1000)}.${String(value % 1000).padStart(3, '0')}`;

const CITIES: NonNullable<Invoice['delivery_city']>[] = [
  'kuwait_city',
  'salmiya',
  'hawalli',
  'jahra',
  'fahaheel',
  'mangaf',
];

/** The invoice's kind and the fields that kind carries (delivery address, schedule, parts). */
function kindOf(
  random: Random,
  i: number,
  created: number,
): Pick<
  EntityCreate<'invoice'>,
  'kind' | 'split_parts' | 'instalments' | 'delivery_city' | 'delivery_address' | 'scheduled_at'
> {
  if (i % 11 === 5) return { kind: 'split', split_parts: random.int(2, 4) };
  if (i % 5 === 2) {
    return {
      kind: 'delivery',
      delivery_city: random.pick(CITIES),
      delivery_address: `Block ${random.int(1, 12)}, Street ${random.int(1, 40)}, House ${random.int(1, 90)}`,
    };
  }
  if (i % 6 === 1)
    return { kind: 'scheduled', scheduled_at: new Date(created + random.int(1, 72) * 3_600_000).toISOString() };
  if (i % 13 === 8) return { kind: 'instalment', instalments: random.int(2, 6) };
  if (i % 9 === 4) return { kind: 'bulk' };
  return { kind: 'quick' };
}

/** Kinds sent one by one, which may go by another channel than SMS (`send_via`). */
const ONE_BY_ONE: readonly Invoice['kind'][] = ['quick', 'delivery', 'split', 'instalment'];

/** How the i-th demo invoice reaches its payer: a few by e-mail, WhatsApp or only their link, the rest by SMS. */
function channelOf(i: number, kind: Invoice['kind']): NonNullable<Invoice['send_via']> {
  if (!ONE_BY_ONE.includes(kind)) return 'sms';
  if (i % 10 === 1) return 'email';
  if (i % 10 === 4) return 'whatsapp';
  if (i % 12 === 6) return 'url';
  return 'sms';
}

/** A demo invoice as it is created (unpaid), and what is to become of it. */
export interface DemoInvoice {
  demo: Demo<'invoice'>;
  fate: InvoiceFate;
}

/** `count` invoices created over the last `days` days. */
export function demoInvoices(random: Random, count: number, days = 150): DemoInvoice[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const fate = FATES[i % FATES.length];
    const created = now - Math.floor(((count - i) / count) * days * DAY) + random.int(0, DAY / 2);
    const amount = random.int(5, 950) * 1000 + random.pick([0, 250, 500, 750, random.int(1, 999)]);
    const name = INVOICE_CUSTOMERS[i % INVOICE_CUSTOMERS.length];
    const values: EntityCreate<'invoice'> = {
      title: random.pick(TITLES),
      customer_name: name,
      mobile: payerMobile(name),
      amount: fils(amount),
      // Open (unpaid or partly paid) invoices stay payable for a while yet; the others lapsed long ago.
      expiry_date: isoDate((OPEN_FATES.has(fate) ? now : created) + random.int(7, 30) * DAY),
      due_date: isoDate(created + random.int(3, 14) * DAY),
      payment_methods: random.pick(METHODS),
      description: /[a-z]/i.test(name) ? 'Thank you for your business.' : 'شكرًا لتعاملكم معنا.',
      ...(i % 4 === 0 ? { invoice_number: `INV-${1000 + i}` } : {}),
      ...(i % 3 === 0 ? { email: `customer${i + 1}@example.com` } : {}),
      ...kindOf(random, i, created),
    };
    const channel = channelOf(i, values.kind);
    if (ONE_BY_ONE.includes(values.kind)) values.send_via = channel;
    // An invoice sent by e-mail needs the address.
    if (channel === 'email') values.email ??= `customer${i + 1}@example.com`;
    // One draw spent on nothing, so the values drawn after it (amounts, payers, cards) stay the demo's.
    random.next();
    // Its message (none for a link shared by the merchant) is sent as the product sends it, which sets `sms_status`.
    const system = {
      visited_count: random.int(0, 12),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created).toISOString(),
    };
    return { demo: { values, system }, fate };
  });
}

/** The demo's open invoices: a fixed amount in fils (0 for an open amount), and the status each is in. */
const OPEN_INVOICES: (Pick<OpenInvoice, 'title' | 'amount_type' | 'status'> & { fixed: number })[] = [
  { title: 'Donation for Ramadan iftar', amount_type: 'open', fixed: 0, status: 'active' },
  { title: 'رسوم التسجيل في الدورة', amount_type: 'fixed', fixed: 35_000, status: 'active' },
  { title: 'Gift voucher', amount_type: 'open', fixed: 0, status: 'active' },
  { title: 'Monthly membership', amount_type: 'fixed', fixed: 12_500, status: 'active' },
  { title: 'تبرع لحملة الشتاء', amount_type: 'open', fixed: 0, status: 'expired' },
  { title: 'Workshop seat', amount_type: 'fixed', fixed: 20_000, status: 'expired' },
  { title: 'Summer camp deposit', amount_type: 'fixed', fixed: 75_750, status: 'cancelled' },
  { title: 'Catering advance', amount_type: 'open', fixed: 0, status: 'cancelled' },
];

/** A demo open invoice as it is created, and how many payers pay it while it is open. */
export interface DemoOpenInvoice {
  demo: Demo<'open_invoice'>;
  payments: number;
}

/**
 * Open invoices with a fixed amount or an open one between a minimum and a maximum; those to expire
 * have an expiry date now past (the scheduler's sweep expires them), those cancelled were never paid.
 */
export function demoOpenInvoices(random: Random): DemoOpenInvoice[] {
  const now = Date.now();
  return OPEN_INVOICES.map(({ title, amount_type: amountType, fixed, status }, i) => {
    const created = now - (OPEN_INVOICES.length - i) * 9 * DAY;
    const min = random.int(1, 10) * 1000;
    const payments = status === 'cancelled' ? 0 : random.int(0, 12);
    const demo: Demo<'open_invoice'> = {
      values: {
        title,
        amount_type: amountType,
        ...(amountType === 'fixed' ? { amount: fils(fixed) } : { min_amount: fils(min), max_amount: fils(min * 20) }),
        description: /[a-z]/i.test(title)
          ? 'Pay securely by card or mobile wallet.'
          : 'ادفع بأمان بالبطاقة أو بمحفظة الجوال.',
        expiry_date: isoDate(status === 'expired' ? created + 20 * DAY : now + random.int(30, 180) * DAY),
        payment_methods: random.pick(METHODS.filter((methods) => !methods.includes('cash'))),
        ...(i % 3 === 0
          ? {
              additional_fields: [
                { name: 'Civil ID', required: true, characters: 12 },
                { name: 'ملاحظات', required: false, characters: 200 },
              ],
            }
          : {}),
      },
      system: {
        ...(status === 'cancelled' ? { status } : {}),
        visited_count: payments + random.int(0, 40),
        created_at: new Date(created).toISOString(),
        updated_at: new Date(created).toISOString(),
      },
    };
    return { demo, payments };
  });
}

/** The demo's bulk uploads, and how many days ago each was made. */
const UPLOADS: (Pick<BulkUpload, 'file_name' | 'status'> & { daysAgo: number })[] = [
  { file_name: 'customers-january.csv', status: 'completed', daysAgo: 40 },
  { file_name: 'ramadan-campaign.xlsx', status: 'completed', daysAgo: 25 },
  { file_name: 'school-fees-term2.xlsx', status: 'failed', daysAgo: 18 },
  { file_name: 'رسوم-النادي.csv', status: 'completed', daysAgo: 12 },
  { file_name: 'weekly-deliveries.csv', status: 'processing', daysAgo: 2 },
  { file_name: 'eid-offers.xlsx', status: 'scheduled', daysAgo: 1 },
  { file_name: 'national-day.csv', status: 'scheduled', daysAgo: 0 },
];

/** Bulk SMS upload batches, newest last; the scheduled ones go out in the coming days. */
export function demoBulkUploads(random: Random): Demo<'bulk_upload'>[] {
  const now = Date.now();
  return UPLOADS.map(({ file_name: file, status, daysAgo }, i) => {
    const total = random.int(20, 400);
    const invalid = status === 'failed' ? total : random.int(0, Math.floor(total / 10));
    const created = now - daysAgo * DAY - random.int(1, 8) * 3_600_000;
    return {
      values: {},
      system: {
        file_name: file,
        total_rows: total,
        valid_rows: total - invalid,
        invalid_rows: invalid,
        total_amount: fils((total - invalid) * random.int(5, 60) * 1000),
        status,
        scheduled_at: status === 'scheduled' ? new Date(now + (i + 1) * DAY).toISOString() : undefined,
        created_at: new Date(created).toISOString(),
        updated_at: new Date(created).toISOString(),
      },
    };
  });
}
