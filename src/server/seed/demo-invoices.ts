import type { Row } from '../db/database';
import type { Random } from './random';

/** Demo invoices: every status, Arabic and English customers, amounts in fils, dates over months. */

const CUSTOMERS = [
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
const STATUSES = ['paid', 'unpaid', 'cancelled', 'expired', 'active'] as const;
const SMS_STATUSES = ['pending', 'sent', 'delivered', 'failed'] as const;
const METHODS = [['card'], ['card', 'apple_pay'], ['card', 'google_pay', 'apple_pay'], ['cash'], ['card', 'cash']];

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const fils = (value: number) => `${Math.floor(value / 1000)}.${String(value % 1000).padStart(3, '0')}`;

export interface DemoRecord {
  values: Row;
  system: Row;
}

/** `count` invoices created over the last `days` days. */
export function demoInvoices(random: Random, count: number, days = 150): DemoRecord[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const created = now - Math.floor(((count - i) / count) * days * DAY) + random.int(0, DAY / 2);
    const amount = random.int(5, 950) * 1000 + random.pick([0, 250, 500, 750, random.int(1, 999)]);
    const name = CUSTOMERS[i % CUSTOMERS.length];
    const open = i % 7 === 3;
    const values: Row = {
      title: random.pick(TITLES),
      customer_name: name,
      mobile: `965${random.pick(['5', '6', '9'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`,
      amount: fils(amount),
      expiry_date: isoDate(created + random.int(7, 30) * DAY),
      due_date: isoDate(created + random.int(3, 14) * DAY),
      payment_methods: random.pick(METHODS),
      description: /[a-z]/i.test(name) ? 'Thank you for your business.' : 'شكرًا لتعاملكم معنا.',
    };
    if (i % 3 === 0) values.email = `customer${i + 1}@example.com`;
    if (open) {
      values.min_amount = fils(Math.max(1000, Math.floor(amount / 2)));
      values.max_amount = fils(amount * 2);
    }
    if (i % 11 === 5) values.split_parts = random.int(2, 4);
    return {
      values,
      system: {
        status: STATUSES[i % STATUSES.length],
        sms_status: random.pick(SMS_STATUSES),
        visited_count: random.int(0, 12),
        created_at: new Date(created).toISOString(),
        updated_at: new Date(created).toISOString(),
      },
    };
  });
}
