import type { PosTerminal, SaleList, TerminalSubscription } from '../../generated';
import type { EntityCreate, EntityRecord } from '../../generated/entities';
import { demoCategories, demoProducts } from './demo-catalogue';
import { INVOICE_CUSTOMERS } from './demo-invoices';
import { CUSTOMERS, payerMobile } from './demo-payers';
import { nonEmpty, type DemoWriter } from './demo-writer';
import { seededRandom, type Random } from './random';

/**
 * Demo data of the sales area and its neighbours: categories and products, sales lists with orders
 * in every status, e-mail templates in English and Arabic, POS terminals with their subscriptions,
 * and the merchant's customers.
 */

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const isoTime = (time: number) => new Date(time).toISOString();
export const kuwaitiMobile = (random: Random) =>
  `965${random.pick(['5', '6', '9'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;

/** Categories and the first `productCount` products of the demo catalogue; returns the products. */
export async function seedDemoCatalogue(demo: DemoWriter, productCount?: number): Promise<EntityRecord<'product'>[]> {
  const categoryIds = new Map<string, number>();
  for (const category of demoCategories()) {
    const created = await demo.create('category', { values: category });
    if (category.type === 'product') categoryIds.set(category.name, created.id);
  }
  const products: EntityRecord<'product'>[] = [];
  for (const product of demoProducts(categoryIds, productCount))
    products.push(await demo.create('product', { values: product }));
  return products;
}

/** A demo sales list: what it is, the titles of the products it sells, its dates in days from today. */
interface DemoSaleList {
  list: Omit<EntityCreate<'sale_list'>, 'product_ids' | 'start_date' | 'end_date'>;
  products: string[];
  days: [start: number, end: number];
  status: NonNullable<SaleList['status']>;
}

const SALE_LISTS: DemoSaleList[] = [
  {
    list: {
      name: 'Ramadan Dates Offer',
      type: 'store',
      discount_type: 'percentage',
      discount_value: '10.000',
      service_charge_type: 'fixed',
      service_charge_value: '0.500',
      max_orders_per_day: 50,
    },
    products: ['Khalas Dates 1 kg', 'Sukkari Dates 1 kg', 'Medjool Dates Gift Box', 'Arabic Coffee 500 g'],
    days: [-75, 90],
    status: 'active',
  },
  {
    list: {
      name: 'هدايا العيد',
      type: 'store',
      discount_type: 'fixed',
      discount_value: '2.000',
      service_charge_type: 'fixed',
      service_charge_value: '1.000',
      max_orders_per_day: 0,
    },
    products: ['Medjool Dates Gift Box', 'Oud Perfume 50 ml', 'Bakhoor Incense Set', 'Gift Wrapping'],
    days: [-40, 120],
    status: 'active',
  },
  {
    list: {
      name: 'National Day Bazaar',
      type: 'event',
      discount_type: 'percentage',
      discount_value: '15.000',
      service_charge_type: 'percentage',
      service_charge_value: '2.500',
      max_orders_per_day: 100,
    },
    products: ['Kunafa Tray', 'Maamoul Assortment', 'Baklava Box 1 kg', 'Brass Lantern'],
    days: [-150, -20],
    status: 'expired',
  },
  {
    list: {
      name: 'إفطار صائم',
      type: 'donation',
      discount_type: 'fixed',
      discount_value: '0.000',
      service_charge_type: 'fixed',
      service_charge_value: '0.000',
      max_orders_per_day: 0,
    },
    products: ['Khalas Dates 1 kg', 'Rose Water 250 ml'],
    days: [-30, 60],
    status: 'inactive',
  },
  {
    list: {
      name: 'Corporate Coffee Hampers',
      type: 'store',
      discount_type: 'fixed',
      discount_value: '5.000',
      service_charge_type: 'percentage',
      service_charge_value: '1.000',
      max_orders_per_day: 20,
    },
    products: ['Arabic Coffee 500 g', 'Saffron Cardamom Blend', 'Dallah Coffee Pot', 'Prayer Rug', 'Gift Wrapping'],
    days: [-10, 160],
    status: 'active',
  },
];

/** People of the demo: [English, Arabic] first and family names, and residents known by one name. */
const FIRST_NAMES: [string, string][] = [
  ['Ahmed', 'أحمد'],
  ['Fatima', 'فاطمة'],
  ['Mohammed', 'محمد'],
  ['Noura', 'نورة'],
  ['Abdullah', 'عبدالله'],
  ['Maryam', 'مريم'],
  ['Khalid', 'خالد'],
  ['Haya', 'هيا'],
  ['Yousef', 'يوسف'],
  ['Reem', 'ريم'],
  ['Salem', 'سالم'],
  ['Hessa', 'حصة'],
  ['Faisal', 'فيصل'],
  ['Dana', 'دانة'],
  ['Bader', 'بدر'],
];
const FAMILY_NAMES: [string, string][] = [
  ['Al-Sabah', 'الصباح'],
  ['Al-Mutairi', 'المطيري'],
  ['Al-Otaibi', 'العتيبي'],
  ['Al-Rashidi', 'الرشيدي'],
  ['Al-Kandari', 'الكندري'],
  ['Al-Shammari', 'الشمري'],
  ['Al-Enezi', 'العنزي'],
  ['Al-Harbi', 'الحربي'],
  ['Al-Ajmi', 'العجمي'],
  ['Al-Dosari', 'الدوسري'],
  ['Al-Fadhli', 'الفضلي'],
  ['Al-Hajri', 'الهاجري'],
];
const RESIDENTS: [string, string][] = [
  ['John Carter', 'جون كارتر'],
  ['Priya Nair', 'بريا ناير'],
  ['Maria Santos', 'ماريا سانتوس'],
  ['Omar Haddad', 'عمر حداد'],
  ['Sarah Thompson', 'سارة تومسون'],
  ['Rajesh Kumar', 'راجيش كومار'],
];
const AREAS: [string, string][] = [
  ['Salmiya', 'السالمية'],
  ['Hawally', 'حولي'],
  ['Jabriya', 'الجابرية'],
  ['Kuwait City', 'مدينة الكويت'],
  ['Fintas', 'الفنطاس'],
  ['Jahra', 'الجهراء'],
  ['Mishref', 'مشرف'],
  ['Fahaheel', 'الفحيحيل'],
];

/** The i-th demo person, [English, Arabic]; 60 distinct ones (15 first names × 12 family names by index). */
export function personOf(i: number): [string, string] {
  if (i % 10 === 9) return RESIDENTS[Math.floor(i / 10) % RESIDENTS.length];
  const [first, firstAr] = FIRST_NAMES[i % FIRST_NAMES.length];
  const [family, familyAr] = FAMILY_NAMES[i % FAMILY_NAMES.length];
  return [`${first} ${family}`, `${firstAr} ${familyAr}`];
}

export const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;

const EMAIL_TEMPLATES: EntityCreate<'email_template'>[] = [
  {
    name: 'Order confirmation',
    subject_en: 'Your order {order_no} is confirmed',
    subject_ar: 'تم تأكيد طلبك {order_no}',
    body_en:
      'Dear {customer_name},\n\nThank you for your order {order_no} from {sale_list}. The total is {grand_total}.\nTrack it at {track_link}.\n\nAl Noor Trading',
    body_ar:
      'عزيزنا {customer_name}،\n\nشكرًا لطلبك رقم {order_no} من {sale_list}. الإجمالي {grand_total}.\nيمكنك تتبع الطلب عبر {track_link}.\n\nشركة النور للتجارة',
    placeholders: ['customer_name', 'order_no', 'sale_list', 'grand_total', 'track_link'],
    is_default: true,
  },
  {
    name: 'Order shipped',
    subject_en: 'Order {order_no} is on its way',
    subject_ar: 'طلبك {order_no} في الطريق إليك',
    body_en: 'Hello {customer_name},\n\nYour order {order_no} has been shipped. Follow it at {track_link}.',
    body_ar: 'مرحبًا {customer_name}،\n\nتم شحن طلبك رقم {order_no}. تابعه عبر {track_link}.',
    placeholders: ['customer_name', 'order_no', 'track_link'],
    is_default: false,
  },
  {
    name: 'New sales list',
    subject_en: 'New offers: {sale_list}',
    subject_ar: 'عروض جديدة: {sale_list}',
    body_en: 'Dear {customer_name},\n\nOur new collection {sale_list} is open. Order now at {sale_link}.',
    body_ar: 'عزيزنا {customer_name}،\n\nمجموعتنا الجديدة {sale_list} متاحة الآن. اطلب عبر {sale_link}.',
    placeholders: ['customer_name', 'sale_list', 'sale_link'],
    is_default: false,
  },
];

/** The demo's POS terminals (their charge is their plan's) and the status each is in. */
const TERMINALS: {
  terminal: Omit<EntityCreate<'pos_terminal'>, 'subscription_charge'>;
  status: PosTerminal['status'];
}[] = [
  {
    terminal: {
      terminal_id: 'TID-10041',
      name: 'Main counter',
      serial_no: 'VX520-884102',
      location: 'Salmiya, Salem Al Mubarak St.',
    },
    status: 'active',
  },
  {
    terminal: {
      terminal_id: 'TID-10042',
      name: 'نقطة بيع الأفنيوز',
      serial_no: 'VX520-884117',
      location: 'الري، مجمع الأفنيوز',
    },
    status: 'active',
  },
  {
    terminal: {
      terminal_id: 'TID-10057',
      name: 'Delivery van 1',
      serial_no: 'MOVE5000-20931',
      location: 'Mobile — Hawally area',
    },
    status: 'inactive',
  },
  {
    terminal: {
      terminal_id: 'TID-10063',
      name: 'كشك مجمع ٣٦٠',
      serial_no: 'A920-551208',
      location: 'جنوب السرة، مجمع ٣٦٠',
    },
    status: 'suspended',
  },
  {
    terminal: { terminal_id: 'TID-10078', name: 'Jahra branch', serial_no: 'A920-551230', location: 'Jahra, Block 3' },
    status: 'active',
  },
];

/** The terminals' subscription plans, taken in turn, and their monthly charge. */
const PLANS: Pick<TerminalSubscription, 'plan' | 'monthly_charge'>[] = [
  { plan: 'basic', monthly_charge: '5.000' },
  { plan: 'standard', monthly_charge: '8.500' },
  { plan: 'premium', monthly_charge: '12.000' },
];

/** A demo sale list as created: its dates in days from today, the status it ends the demo in, and its record. */
export interface DemoSale {
  days: [start: number, end: number];
  status: NonNullable<SaleList['status']>;
  record: EntityRecord<'sale_list'>;
}

/**
 * Everything of the sales demo for the main demo merchant but its orders, which customers place on
 * the demo's timeline (`planDemoOrders`); returns its sale lists. A list that ends the demo expired
 * is created open: its customers ordered while it ran.
 */
export async function seedDemoSales(demo: DemoWriter): Promise<DemoSale[]> {
  const random = seededRandom(3_000);
  const now = Date.now();
  const products = new Map((await seedDemoCatalogue(demo)).map((product) => [String(product.title), product]));
  const productId = (title: string) => {
    const id = products.get(title)?.id;
    if (id === undefined) throw new Error(`Demo product ${title} is missing`);
    return id;
  };

  const lists: DemoSale[] = [];
  for (const list of SALE_LISTS) {
    const created = await demo.create('sale_list', {
      values: {
        ...list.list,
        product_ids: nonEmpty(list.products.map(productId), `sales list ${list.list.name}`),
        start_date: isoDate(now + list.days[0] * DAY),
        end_date: isoDate(now + list.days[1] * DAY),
      },
      system: {
        status: list.status === 'expired' ? 'active' : list.status,
        created_at: isoTime(now + (list.days[0] - 3) * DAY),
      },
    });
    lists.push({ days: list.days, status: list.status, record: created });
  }

  for (const template of EMAIL_TEMPLATES) await demo.create('email_template', { values: template });

  for (const [index, { terminal, status }] of TERMINALS.entries()) {
    const { plan, monthly_charge } = PLANS[index % PLANS.length];
    const created = await demo.create('pos_terminal', {
      values: { ...terminal, subscription_charge: monthly_charge },
      system: { status, created_at: isoTime(now - (400 - index * 40) * DAY) },
    });
    // A past year that has run out, then the current one (cancelled for the suspended terminal).
    const periods: { from: number; to: number; status: TerminalSubscription['status'] }[] = [
      { from: -380, to: -20, status: 'expired' },
      { from: -15, to: 340, status: status === 'suspended' ? 'cancelled' : 'active' },
    ];
    for (const period of periods.slice(index % 2)) {
      await demo.create('terminal_subscription', {
        values: {
          terminal_id: created.id,
          plan,
          monthly_charge,
          start_date: isoDate(now + period.from * DAY),
          end_date: isoDate(now + period.to * DAY),
        },
        system: { status: period.status, created_at: isoTime(now + period.from * DAY) },
      });
    }
  }

  // The people who pay the demo's invoices and links come first, with the mobiles they pay with, so
  // their totals are their real payments; the rest have not paid anything yet.
  const payers = [...new Set([...INVOICE_CUSTOMERS, ...CUSTOMERS])];
  for (let i = 0; i < 60; i++) {
    const payer = payers[i];
    const [name, name_ar] = payer ? [payer, payer] : personOf(i);
    const [area, areaAr] = random.pick(AREAS);
    const block = random.int(1, 12);
    const street = random.int(1, 150);
    const born = new Date(Date.UTC(random.int(1960, 2004), random.int(0, 11), random.int(1, 28)));
    const civil = `${born.getUTCFullYear() < 2000 ? 2 : 3}${isoDate(born.getTime()).slice(2).replace(/-/g, '')}${String(random.int(0, 99_999)).padStart(5, '0')}`;
    const created = now - (365 - i * 6) * DAY;
    await demo.create(
      'customer',
      {
        values: {
          name,
          name_ar,
          mobile: payer ? payerMobile(payer) : kuwaitiMobile(random),
          ...(i % 2 === 0 && /[a-z]/i.test(name) ? { email: emailOf(name) } : {}),
          civil_id: civil,
          address:
            i % 3 === 0 ? `قطعة ${block}، شارع ${street}، ${areaAr}` : `Block ${block}, Street ${street}, ${area}`,
          ...(i % 7 === 0 ? { notes: i % 2 ? 'Prefers delivery after 4 pm.' : 'يفضل التواصل عبر واتساب.' } : {}),
        },
        system: {
          created_at: isoTime(created),
          updated_at: isoTime(created),
        },
      },
      { effects: true },
    );
  }
  return lists;
}
