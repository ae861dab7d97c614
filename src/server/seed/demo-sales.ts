import { fromFils, toFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import type { EntityStore } from '../storage/records';
import { demoCategories, demoProducts } from './demo-catalogue';
import { seededRandom, type Random } from './random';

/**
 * Demo data of the sales area and its neighbours: categories and products, sales lists with orders
 * in every status, e-mail templates in English and Arabic, POS terminals with their subscriptions,
 * and the merchant's customers.
 */

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const isoTime = (time: number) => new Date(time).toISOString();
const kuwaitiMobile = (random: Random) =>
  `965${random.pick(['5', '6', '9'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;

function storeOf(ctx: ServerContext, name: string): EntityStore {
  const found = ctx.stores.get(name);
  if (!found) throw new Error(`Demo data needs the ${name} entity`);
  return found;
}

/** Categories and the first `productCount` products of the demo catalogue; returns the products. */
export async function seedDemoCatalogue(
  ctx: ServerContext,
  tx: Queryable,
  merchantId: number,
  productCount?: number,
): Promise<Row[]> {
  const categoryIds = new Map<string, number>();
  for (const category of demoCategories()) {
    const created = await storeOf(ctx, 'category').create(tx, merchantId, category);
    if (category.type === 'product') categoryIds.set(String(category.name), created.id as number);
  }
  const products: Row[] = [];
  for (const product of demoProducts(categoryIds, productCount))
    products.push(await storeOf(ctx, 'product').create(tx, merchantId, product));
  return products;
}

interface DemoSaleList {
  name: string;
  type: 'store' | 'event' | 'donation';
  /** Titles of the products the list sells. */
  products: string[];
  discount: ['fixed' | 'percentage', string];
  serviceCharge: ['fixed' | 'percentage', string];
  maxOrdersPerDay: number;
  /** Start and end, in days from today. */
  days: [number, number];
  status: 'active' | 'inactive' | 'expired';
}

const SALE_LISTS: DemoSaleList[] = [
  {
    name: 'Ramadan Dates Offer',
    type: 'store',
    products: ['Khalas Dates 1 kg', 'Sukkari Dates 1 kg', 'Medjool Dates Gift Box', 'Arabic Coffee 500 g'],
    discount: ['percentage', '10.000'],
    serviceCharge: ['fixed', '0.500'],
    maxOrdersPerDay: 50,
    days: [-75, 90],
    status: 'active',
  },
  {
    name: 'هدايا العيد',
    type: 'store',
    products: ['Medjool Dates Gift Box', 'Oud Perfume 50 ml', 'Bakhoor Incense Set', 'Gift Wrapping'],
    discount: ['fixed', '2.000'],
    serviceCharge: ['fixed', '1.000'],
    maxOrdersPerDay: 0,
    days: [-40, 120],
    status: 'active',
  },
  {
    name: 'National Day Bazaar',
    type: 'event',
    products: ['Kunafa Tray', 'Maamoul Assortment', 'Baklava Box 1 kg', 'Brass Lantern'],
    discount: ['percentage', '15.000'],
    serviceCharge: ['percentage', '2.500'],
    maxOrdersPerDay: 100,
    days: [-150, -20],
    status: 'expired',
  },
  {
    name: 'إفطار صائم',
    type: 'donation',
    products: ['Khalas Dates 1 kg', 'Rose Water 250 ml'],
    discount: ['fixed', '0.000'],
    serviceCharge: ['fixed', '0.000'],
    maxOrdersPerDay: 0,
    days: [-30, 60],
    status: 'inactive',
  },
  {
    name: 'Corporate Coffee Hampers',
    type: 'store',
    products: ['Arabic Coffee 500 g', 'Saffron Cardamom Blend', 'Dallah Coffee Pot', 'Prayer Rug', 'Gift Wrapping'],
    discount: ['fixed', '5.000'],
    serviceCharge: ['percentage', '1.000'],
    maxOrdersPerDay: 20,
    days: [-10, 160],
    status: 'active',
  },
];

const ORDER_STATUSES = ['waiting', 'in_process', 'ready_to_ship', 'shipped', 'delivered', 'rejected'] as const;

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
function personOf(i: number): [string, string] {
  if (i % 10 === 9) return RESIDENTS[Math.floor(i / 10) % RESIDENTS.length];
  const [first, firstAr] = FIRST_NAMES[i % FIRST_NAMES.length];
  const [family, familyAr] = FAMILY_NAMES[i % FAMILY_NAMES.length];
  return [`${first} ${family}`, `${firstAr} ${familyAr}`];
}

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;

/** A discount or charge on `fils`: a fixed amount or a percentage (three decimals), never below zero. */
function adjustment([kind, value]: ['fixed' | 'percentage', string], fils: bigint): bigint {
  const amount = toFils(value) ?? 0n;
  if (kind === 'fixed') return amount;
  return (fils * amount + 50_000n) / 100_000n;
}

function demoOrder(random: Random, i: number, count: number, list: DemoSaleList, products: Map<string, Row>) {
  const now = Date.now();
  const created = now - Math.floor(((count - i) / count) * 120 * DAY) + random.int(0, DAY / 2);
  const picked = [...list.products].sort(() => random.next() - 0.5).slice(0, random.int(1, 3));
  const items = picked.map((title) => {
    const product = products.get(title) as Row;
    return { product: title, qty: random.int(1, 3), price: String(product.sale_price ?? product.price) };
  });
  const subTotal = items.reduce((sum, item) => sum + (toFils(item.price) ?? 0n) * BigInt(item.qty), 0n);
  const discountFils = adjustment(list.discount, subTotal);
  const discount = discountFils > subTotal ? subTotal : discountFils;
  const serviceCharge = adjustment(list.serviceCharge, subTotal);
  const [name] = personOf(random.int(0, 59));
  // Recent orders are still being handled; older ones have reached every later status.
  const status = i >= count - 4 ? 'waiting' : ORDER_STATUSES[i % ORDER_STATUSES.length];
  return {
    customer_name: name,
    customer_mobile: kuwaitiMobile(random),
    ...(i % 3 === 0 ? { customer_email: emailOf(name) } : {}),
    items,
    sub_total: fromFils(subTotal),
    discount: fromFils(discount),
    service_charge: fromFils(serviceCharge),
    grand_total: fromFils(subTotal - discount + serviceCharge),
    status,
    created_at: isoTime(created),
    updated_at: isoTime(Math.min(now, created + random.int(0, 5) * DAY)),
  };
}

const EMAIL_TEMPLATES: Row[] = [
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

const TERMINALS: [Row, string][] = [
  [
    {
      terminal_id: 'TID-10041',
      name: 'Main counter',
      serial_no: 'VX520-884102',
      location: 'Salmiya, Salem Al Mubarak St.',
    },
    'active',
  ],
  [
    { terminal_id: 'TID-10042', name: 'نقطة بيع الأفنيوز', serial_no: 'VX520-884117', location: 'الري، مجمع الأفنيوز' },
    'active',
  ],
  [
    {
      terminal_id: 'TID-10057',
      name: 'Delivery van 1',
      serial_no: 'MOVE5000-20931',
      location: 'Mobile — Hawally area',
    },
    'inactive',
  ],
  [
    { terminal_id: 'TID-10063', name: 'كشك مجمع ٣٦٠', serial_no: 'A920-551208', location: 'جنوب السرة، مجمع ٣٦٠' },
    'suspended',
  ],
  [{ terminal_id: 'TID-10078', name: 'Jahra branch', serial_no: 'A920-551230', location: 'Jahra, Block 3' }, 'active'],
];

const PLANS: [string, string][] = [
  ['basic', '5.000'],
  ['standard', '8.500'],
  ['premium', '12.000'],
];

/** Everything of the sales demo for the main demo merchant. */
export async function seedDemoSales(ctx: ServerContext, tx: Queryable, merchantId: number): Promise<void> {
  const random = seededRandom(3_000);
  const now = Date.now();
  const products = new Map(
    (await seedDemoCatalogue(ctx, tx, merchantId)).map((product) => [String(product.title), product]),
  );

  const lists: [DemoSaleList, Row][] = [];
  for (const list of SALE_LISTS) {
    const created = await storeOf(ctx, 'sale_list').create(
      tx,
      merchantId,
      {
        name: list.name,
        type: list.type,
        product_ids: list.products.map((title) => products.get(title)?.id),
        discount_type: list.discount[0],
        discount_value: list.discount[1],
        service_charge_type: list.serviceCharge[0],
        service_charge_value: list.serviceCharge[1],
        max_orders_per_day: list.maxOrdersPerDay,
        start_date: isoDate(now + list.days[0] * DAY),
        end_date: isoDate(now + list.days[1] * DAY),
      },
      { status: list.status, created_at: isoTime(now + (list.days[0] - 3) * DAY) },
    );
    lists.push([list, created]);
  }

  const orderCount = 42;
  // Orders belong to lists that have been open to customers; the switched-off list has none.
  const open = lists.filter(([list]) => list.status !== 'inactive');
  for (let i = 0; i < orderCount; i++) {
    const [list, row] = open[i % open.length];
    const order = demoOrder(random, i, orderCount, list, products);
    await storeOf(ctx, 'sale_order').create(tx, merchantId, {}, { ...order, sale_list_id: row.id });
  }

  for (const template of EMAIL_TEMPLATES) await storeOf(ctx, 'email_template').create(tx, merchantId, template);

  for (const [index, [terminal, status]] of TERMINALS.entries()) {
    const [plan, charge] = PLANS[index % PLANS.length];
    const created = await storeOf(ctx, 'pos_terminal').create(
      tx,
      merchantId,
      { ...terminal, subscription_charge: charge },
      { status, created_at: isoTime(now - (400 - index * 40) * DAY) },
    );
    // A past year that has run out, then the current one (cancelled for the suspended terminal).
    const periods: [number, number, string][] = [
      [-380, -20, 'expired'],
      [-15, 340, status === 'suspended' ? 'cancelled' : 'active'],
    ];
    for (const [from, to, subscriptionStatus] of periods.slice(index % 2)) {
      await storeOf(ctx, 'terminal_subscription').create(
        tx,
        merchantId,
        {
          terminal_id: created.id,
          plan,
          monthly_charge: charge,
          start_date: isoDate(now + from * DAY),
          end_date: isoDate(now + to * DAY),
        },
        { status: subscriptionStatus, created_at: isoTime(now + from * DAY) },
      );
    }
  }

  for (let i = 0; i < 60; i++) {
    const [name, name_ar] = personOf(i);
    const [area, areaAr] = random.pick(AREAS);
    const block = random.int(1, 12);
    const street = random.int(1, 150);
    const invoices = random.int(0, 12);
    const born = new Date(Date.UTC(random.int(1960, 2004), random.int(0, 11), random.int(1, 28)));
    const civil = `${born.getUTCFullYear() < 2000 ? 2 : 3}${isoDate(born.getTime()).slice(2).replace(/-/g, '')}${String(random.int(0, 99_999)).padStart(5, '0')}`;
    const created = now - (365 - i * 6) * DAY;
    await storeOf(ctx, 'customer').create(
      tx,
      merchantId,
      {
        name,
        name_ar,
        mobile: kuwaitiMobile(random),
        ...(i % 2 === 0 ? { email: emailOf(name) } : {}),
        civil_id: civil,
        address: i % 3 === 0 ? `قطعة ${block}، شارع ${street}، ${areaAr}` : `Block ${block}, Street ${street}, ${area}`,
        ...(i % 7 === 0 ? { notes: i % 2 ? 'Prefers delivery after 4 pm.' : 'يفضل التواصل عبر واتساب.' } : {}),
      },
      {
        invoices_count: invoices,
        total_paid: fromFils(BigInt(invoices) * BigInt(random.int(3, 90) * 1000 + random.pick([0, 250, 500, 750]))),
        created_at: isoTime(created),
        updated_at: isoTime(created),
      },
    );
  }
}
