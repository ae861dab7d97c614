import { fromFils, toFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import type { EntityStore } from '../storage/records';
import { seededRandom } from './random';

/**
 * Demo property management of a Kuwaiti landlord: four buildings named in Arabic and English,
 * their units in every rental status, tenants in every status with contracts, deposits and rent
 * invoices, a few months of expenses and a history of changes. Amounts are KWD with three decimals;
 * dates are spread over the last months around today, so the asset report has figures this month.
 */

const DAY = 86_400_000;
/** Kuwait is UTC+3 all year: "today" and "this month" are the landlord's. */
const KUWAIT_OFFSET = 3 * 3_600_000;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const fils = (amount: string): bigint => {
  const value = toFils(amount);
  if (value === null) throw new Error(`Demo amount ${amount} is not a KWD amount`);
  return value;
};

/** First day of the month `offset` months from the month of `day` ("2026-11-21", -1 → "2026-10-01"). */
function monthStart(day: string, offset = 0): string {
  const [year, month] = day.split('-').map(Number);
  return isoDate(Date.UTC(year, month - 1 + offset, 1));
}

const addDays = (day: string, days: number) => isoDate(Date.parse(`${day}T00:00:00Z`) + days * DAY);
const addMonths = (day: string, months: number) => {
  const [year, month, date] = day.split('-').map(Number);
  return isoDate(Date.UTC(year, month - 1 + months, date));
};
/** A moment of a day in Kuwait, as an ISO timestamp. */
const at = (day: string, hour: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000 - KUWAIT_OFFSET).toISOString();

const ASSET_CATEGORIES: [string, string, 'active' | 'inactive'][] = [
  ['Residential buildings', 'مباني سكنية', 'active'],
  ['Commercial complexes', 'مجمعات تجارية', 'active'],
  ['Chalets and farms', 'شاليهات ومزارع', 'inactive'],
];

const UNIT_CATEGORIES = { apartment: ['Apartment', 'شقة'], shop: ['Shop', 'محل'], office: ['Office', 'مكتب'] } as const;
type UnitCategory = keyof typeof UNIT_CATEGORIES;

interface DemoAsset {
  name: string;
  category: number;
  classification: 'residential' | 'commercial' | 'mixed' | 'land';
  number_of_units: number;
  area: string;
  address: string;
}

const ASSETS: DemoAsset[] = [
  {
    name: 'برج السالمية',
    category: 0,
    classification: 'residential',
    number_of_units: 8,
    area: 'السالمية',
    address: 'قطعة 10، شارع سالم المبارك، مبنى 24',
  },
  {
    name: 'Hawalli Residence',
    category: 0,
    classification: 'residential',
    number_of_units: 6,
    area: 'Hawalli',
    address: 'Block 3, Tunis Street, Building 17',
  },
  {
    name: 'مجمع الفحيحيل التجاري',
    category: 1,
    classification: 'commercial',
    number_of_units: 5,
    area: 'الفحيحيل',
    address: 'قطعة 9، شارع مكة، مبنى 5',
  },
  {
    name: 'Sharq Business Center',
    category: 1,
    classification: 'mixed',
    number_of_units: 6,
    area: 'Sharq',
    address: 'Block 2, Jaber Al-Mubarak Street, Tower 3',
  },
];

type RentalStatus = 'available' | 'rented' | 'blocked';
/** asset index, name, number, category, monthly rent, discount, rental status. */
const UNITS: [number, string, string, UnitCategory, string, string | null, RentalStatus][] = [
  [0, 'شقة 101', '101', 'apartment', '350.000', null, 'rented'],
  [0, 'شقة 102', '102', 'apartment', '350.000', '25.000', 'rented'],
  [0, 'شقة 201', '201', 'apartment', '375.000', null, 'rented'],
  [0, 'شقة 202', '202', 'apartment', '375.000', null, 'available'],
  [0, 'شقة 301', '301', 'apartment', '400.000', null, 'rented'],
  [0, 'شقة 302', '302', 'apartment', '400.000', null, 'blocked'],
  [0, 'بنتهاوس 401', '401', 'apartment', '650.000', '50.000', 'rented'],
  [1, 'Flat 1A', '1A', 'apartment', '280.000', null, 'rented'],
  [1, 'Flat 1B', '1B', 'apartment', '280.000', null, 'rented'],
  [1, 'Flat 2A', '2A', 'apartment', '295.000', null, 'rented'],
  [1, 'Flat 2B', '2B', 'apartment', '295.000', '15.000', 'available'],
  [1, 'Flat 3A', '3A', 'apartment', '310.000', null, 'rented'],
  [1, 'Flat 3B', '3B', 'apartment', '310.000', null, 'rented'],
  [2, 'محل 1', 'S1', 'shop', '900.000', null, 'rented'],
  [2, 'محل 2', 'S2', 'shop', '850.000', null, 'rented'],
  [2, 'محل 3', 'S3', 'shop', '850.000', null, 'available'],
  [2, 'مكتب 10', 'O10', 'office', '600.000', null, 'blocked'],
  [3, 'Office 501', '501', 'office', '750.000', null, 'rented'],
  [3, 'Office 502', '502', 'office', '750.000', '50.000', 'rented'],
  [3, 'Office 503', '503', 'office', '720.000', null, 'available'],
  [3, 'Shop G1', 'G1', 'shop', '1250.000', null, 'rented'],
  [3, 'Flat 701', '701', 'apartment', '520.000', null, 'rented'],
];

type TenantStatus = 'active' | 'inactive' | 'left';
type PaymentStatus = 'paid' | 'unpaid' | 'overdue';
type RentPeriod = 'monthly' | 'quarterly' | 'half_yearly' | 'yearly';
/** name, unit name, tenant status, payment status, rent period, months since the contract started. */
const TENANTS: [string, string, TenantStatus, PaymentStatus, RentPeriod, number][] = [
  ['Ahmad Al-Kandari', 'شقة 101', 'active', 'paid', 'monthly', 14],
  ['محمد العنزي', 'شقة 102', 'active', 'paid', 'monthly', 7],
  ['Sara Al-Mutawa', 'شقة 201', 'active', 'unpaid', 'monthly', 3],
  ['فهد الرشيدي', 'شقة 301', 'active', 'overdue', 'monthly', 10],
  ['Rajesh Kumar', 'بنتهاوس 401', 'active', 'paid', 'monthly', 5],
  ['نوف السبيعي', 'Flat 1A', 'active', 'paid', 'monthly', 18],
  ['Yousef Al-Awadhi', 'Flat 1B', 'active', 'unpaid', 'monthly', 2],
  ['عبدالرحمن البناي', 'Flat 2A', 'active', 'paid', 'monthly', 9],
  ['Layla Hassan', 'Flat 3A', 'active', 'overdue', 'monthly', 6],
  ['خالد الظفيري', 'Flat 3B', 'active', 'paid', 'monthly', 4],
  ['Al Watan Pharmacy', 'محل 1', 'active', 'paid', 'quarterly', 20],
  ['مطعم ليالي الكويت', 'محل 2', 'active', 'unpaid', 'monthly', 11],
  ['Mariam Al-Sayegh', 'Office 501', 'active', 'paid', 'half_yearly', 8],
  ['جاسم بهبهاني', 'Office 502', 'active', 'paid', 'monthly', 12],
  ['Gulf Optics Co.', 'Shop G1', 'active', 'unpaid', 'yearly', 15],
  ['Grace Fernandes', 'Flat 701', 'active', 'paid', 'monthly', 1],
  ['Hamad Al-Failakawi', 'شقة 202', 'left', 'paid', 'monthly', 20],
  ['سعاد الخالدي', 'Flat 2B', 'left', 'paid', 'monthly', 16],
  ['Ibrahim Marafie', 'Office 503', 'inactive', 'unpaid', 'monthly', -1],
];

const EXPENSE_CATEGORIES: [string, string, string, 'active' | 'inactive'][] = [
  ['Maintenance', 'صيانة', 'maintenance', 'active'],
  ['Electricity and water', 'الكهرباء والماء', 'utilities', 'active'],
  ['Watchman salary', 'راتب الحارس', 'salaries', 'active'],
  ['Cleaning', 'تنظيف', 'cleaning', 'active'],
  ['Building insurance', 'تأمين المبنى', 'insurance', 'inactive'],
];

/** name, category index, lowest and highest amount in KWD. */
const EXPENSES: [string, number, number, number][] = [
  ['Elevator maintenance', 0, 45, 180],
  ['صيانة المكيفات', 0, 30, 260],
  ['Plumbing repair', 0, 15, 90],
  ['فاتورة الكهرباء', 1, 60, 420],
  ['Water bill', 1, 20, 110],
  ['راتب الحارس', 2, 180, 220],
  ['Cleaning services', 3, 40, 120],
  ['مكافحة الحشرات', 0, 25, 60],
  ['Painting common areas', 0, 90, 350],
  ['تنظيف الواجهات', 3, 70, 150],
];

interface Ids {
  units: Map<string, { id: number; asset: number; rent: bigint }>;
  tenants: Row[];
  contracts: Row[];
}

export async function seedDemoProperty(ctx: ServerContext, tx: Queryable, merchantId: number): Promise<void> {
  const store = (name: string): EntityStore => {
    const found = ctx.stores.get(name);
    if (!found) throw new Error(`Demo data needs the ${name} entity`);
    return found;
  };
  const create = (name: string, values: Row, system: Row = {}) => store(name).create(tx, merchantId, values, system);
  const random = seededRandom(1961);
  const today = isoDate(Date.now() + KUWAIT_OFFSET);
  const thisMonth = monthStart(today);
  // Records of a future contract were still entered in the past.
  // Ten in the morning of that day, but never later than now (just after midnight in Kuwait,
  // ten this morning has not come yet).
  const created = (day: string) => {
    const morning = at(day > today ? today : day, 10);
    const now = new Date().toISOString();
    const stamp = morning < now ? morning : now;
    return { created_at: stamp, updated_at: stamp };
  };

  const assetCategories: number[] = [];
  const firstDay = addMonths(thisMonth, -25);
  for (const [name, name_ar, status] of ASSET_CATEGORIES)
    assetCategories.push((await create('asset_category', { name, name_ar, status }, created(firstDay))).id as number);
  const unitCategories = new Map<UnitCategory, number>();
  for (const [key, [name, name_ar]] of Object.entries(UNIT_CATEGORIES)) {
    const category = await create('unit_category', { name, name_ar }, created(firstDay));
    unitCategories.set(key as UnitCategory, category.id as number);
  }

  const assets: Row[] = [];
  for (const [index, { category, ...asset }] of ASSETS.entries()) {
    const since = addMonths(thisMonth, -24 + index * 3);
    assets.push(await create('asset', { ...asset, category_id: assetCategories[category] }, created(since)));
  }

  const ids: Ids = { units: new Map(), tenants: [], contracts: [] };
  for (const [asset, name, number, category, rent, discount, rental_status] of UNITS) {
    const since = String(assets[asset].created_at).slice(0, 10);
    const unit = await create(
      'unit',
      {
        name,
        number,
        asset_id: assets[asset].id,
        category_id: unitCategories.get(category),
        rent_amount: rent,
        discount_status: discount !== null,
        ...(discount === null ? {} : { discount_amount: discount }),
        start_date: since,
        rental_status,
      },
      created(since),
    );
    const net = fils(rent) - (discount === null ? 0n : fils(discount));
    ids.units.set(name, { id: unit.id as number, asset, rent: net });
  }
  for (const [i, [name, unitName, tenant_status, payment_status, rent_period, months]] of TENANTS.entries()) {
    const unit = ids.units.get(unitName);
    if (!unit) throw new Error(`Demo tenant ${name} has no unit ${unitName}`);
    const start = addMonths(thisMonth, -months);
    const end =
      tenant_status === 'left'
        ? addDays(addMonths(thisMonth, -random.int(2, 6)), -1)
        : addDays(addMonths(start, months > 10 ? 24 : 12), -1);
    const paidThisMonth = payment_status === 'paid';
    const system: Row = { payment_status, ...created(addDays(start, -10)) };
    if (tenant_status === 'active') {
      system.last_payment_date = addDays(monthStart(today, paidThisMonth ? 0 : -1), random.int(0, 4));
      system.next_payment_date = paidThisMonth
        ? monthStart(today, 1)
        : payment_status === 'overdue'
          ? monthStart(today, -1)
          : thisMonth;
    } else if (tenant_status === 'left') system.last_payment_date = addMonths(end, -1);
    const birth = `${random.int(60, 99)}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(1, 28)).padStart(2, '0')}`;
    const tenant = await create(
      'tenant',
      {
        name,
        civil_id: `2${birth}${String(random.int(10000, 99999))}`,
        civil_id_expiry: addMonths(today, random.int(-2, 30)),
        mobile: `965${random.pick(['5', '6', '9'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`,
        ...(i % 3 === 0
          ? { mobile_2: `965${random.pick(['2', '6'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}` }
          : {}),
        unit_id: unit.id,
        contract_start: start,
        contract_end: end,
        contract_signed_date: addDays(start, -random.int(5, 20)),
        rent_period,
        invoice_sending_day: random.pick([1, 1, 5, 25, 28]),
        tenant_status,
      },
      system,
    );
    ids.tenants.push(tenant);

    const contract = await create(
      'contract',
      {
        tenant_id: tenant.id,
        unit_id: unit.id,
        start_date: start,
        end_date: end,
        signed_date: tenant.contract_signed_date,
        rent_amount: fromFils(unit.rent),
        status:
          tenant_status === 'inactive'
            ? 'draft'
            : tenant_status === 'left'
              ? i % 2 === 0
                ? 'ended'
                : 'terminated'
              : 'active',
      },
      created(String(tenant.contract_signed_date)),
    );
    ids.contracts.push(contract);

    await seedRentInvoices(tenant, unit, { today, start, tenant_status, payment_status, rent_period, months });
  }

  // Deposits: one month's rent each, in every status and both payment methods.
  const deposits: [number, 'unpaid' | 'paid' | 'refunded', 'card' | 'cash'][] = [
    [0, 'paid', 'card'],
    [1, 'paid', 'cash'],
    [2, 'unpaid', 'card'],
    [4, 'paid', 'card'],
    [6, 'unpaid', 'cash'],
    [10, 'paid', 'card'],
    [13, 'paid', 'cash'],
    [15, 'unpaid', 'card'],
    [16, 'refunded', 'card'],
    [17, 'refunded', 'cash'],
    [18, 'unpaid', 'card'],
  ];
  const depositRows: Row[] = [];
  for (const [index, status, payment_method] of deposits) {
    const tenant = ids.tenants[index];
    const unit = [...ids.units.values()].find((candidate) => candidate.id === tenant.unit_id);
    const description = /[a-z]/i.test(String(tenant.name))
      ? 'Security deposit, one month rent'
      : 'تأمين الإيجار، إيجار شهر واحد';
    depositRows.push(
      await create(
        'deposit',
        { tenant_id: tenant.id, amount: fromFils(unit?.rent ?? 0n), description },
        { status, payment_method, ...created(String(tenant.contract_signed_date)) },
      ),
    );
  }

  const expenseCategories: number[] = [];
  for (const [name, name_ar, type, status] of EXPENSE_CATEGORIES)
    expenseCategories.push(
      (await create('expense_category', { name, name_ar, type, status }, created(firstDay))).id as number,
    );
  const expenses: Row[] = [];
  const todayNumber = Number(today.slice(8, 10));
  for (let i = 0; i < 30; i += 1) {
    const [name, category, low, high] = EXPENSES[i % EXPENSES.length];
    // The first five fall in the current month, the rest over the four months before.
    const date = i < 5 ? addDays(thisMonth, (i * 5) % todayNumber) : addDays(thisMonth, -random.int(1, 120));
    const amount =
      BigInt(random.int(low, high)) * 1000n + BigInt(random.pick([0, 0, 250, 500, 750, random.int(1, 999)]));
    const asset = i % 13 === 12 ? undefined : assets[i % assets.length];
    expenses.push(
      await create(
        'expense',
        {
          name,
          category_id: expenseCategories[category],
          ...(asset ? { asset_id: asset.id } : {}),
          amount: fromFils(amount),
          date,
          ...(i % 4 === 0
            ? { description: /[a-z]/i.test(name) ? 'Paid to the contractor by transfer.' : 'دفعت للمقاول بتحويل بنكي.' }
            : {}),
        },
        created(date),
      ),
    );
  }

  await seedHistory();

  /** Invoices of the periods up to today: paid, unpaid, expired when overdue, one cancelled and reissued. */
  async function seedRentInvoices(
    tenant: Row,
    unit: { id: number; rent: bigint },
    plan: {
      today: string;
      start: string;
      tenant_status: TenantStatus;
      payment_status: PaymentStatus;
      rent_period: RentPeriod;
      months: number;
    },
  ): Promise<void> {
    if (plan.tenant_status === 'inactive') return;
    const monthsPerPeriod: Record<RentPeriod, number> = { monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12 };
    const step = monthsPerPeriod[plan.rent_period];
    const last = plan.tenant_status === 'left' ? monthStart(String(tenant.contract_end)) : thisMonth;
    // Periods run from the contract's start; the last three begun by `last` are invoiced.
    const periods: string[] = [];
    for (let period = plan.start; period <= last; period = monthStart(period, step)) periods.push(period);
    periods.splice(0, periods.length - 3);
    for (const [n, period] of periods.entries()) {
      const current = n === periods.length - 1;
      let status: 'paid' | 'unpaid' | 'cancelled' | 'expired' = 'paid';
      if (plan.tenant_status === 'active' && current && plan.payment_status !== 'paid') status = 'unpaid';
      if (plan.tenant_status === 'active' && plan.payment_status === 'overdue' && n === periods.length - 2)
        status = 'expired';
      const due = addDays(period, 4);
      const values = {
        tenant_id: tenant.id,
        unit_id: unit.id,
        period_start: period,
        period_end: addDays(monthStart(period, step), -1),
        amount: fromFils(unit.rent * BigInt(step)),
        due_date: due,
      };
      const system: Row = {
        status,
        payment_link: `${ctx.publicUrl.replace(/\/+$/, '')}/tenant/payments/${String(tenant.id)}`,
        ...created(addDays(period, -3)),
      };
      if (status === 'paid') system.paid_at = at(addDays(period, random.int(0, 6)), random.int(9, 21));
      // One invoice was sent with a wrong amount, cancelled and sent again.
      if (tenant === ids.tenants[7] && current)
        await create(
          'rent_invoice',
          { ...values, amount: fromFils(unit.rent + 10_000n) },
          { ...system, status: 'cancelled', paid_at: undefined },
        );
      await create('rent_invoice', values, system);
    }
  }

  async function seedHistory(): Promise<void> {
    const unitId = (name: string) => ids.units.get(name)?.id;
    const who = ['Hessa Al-Noori', 'Rania Haddad', 'Hessa Al-Noori', 'ليلى الهاجري'];
    const entries: [string, number | undefined, string, string, string, string][] = [
      ['asset', assets[1].id as number, 'Hawalli Residence', 'number_of_units', '5', '6'],
      [
        'asset',
        assets[0].id as number,
        'برج السالمية',
        'address',
        'قطعة 10، شارع سالم المبارك',
        'قطعة 10، شارع سالم المبارك، مبنى 24',
      ],
      ['unit', unitId('شقة 302'), 'شقة 302', 'rental_status', 'available', 'blocked'],
      ['unit', unitId('Flat 1A'), 'Flat 1A', 'rent_amount', '270.000', '280.000'],
      ['unit', unitId('شقة 102'), 'شقة 102', 'discount_status', 'false', 'true'],
      ['unit', unitId('شقة 102'), 'شقة 102', 'discount_amount', '', '25.000'],
      ['unit', unitId('مكتب 10'), 'مكتب 10', 'rental_status', 'rented', 'blocked'],
      ['tenant', ids.tenants[1].id as number, 'محمد العنزي', 'mobile', '96555012345', String(ids.tenants[1].mobile)],
      ['tenant', ids.tenants[16].id as number, 'Hamad Al-Failakawi', 'tenant_status', 'active', 'left'],
      ['tenant', ids.tenants[17].id as number, 'سعاد الخالدي', 'tenant_status', 'active', 'left'],
      ['tenant', ids.tenants[5].id as number, 'نوف السبيعي', 'invoice_sending_day', '5', '1'],
      ['contract', ids.contracts[17].id as number, 'سعاد الخالدي', 'status', 'active', 'terminated'],
      ['deposit', depositRows[0].id as number, String(depositRows[0].reference_no), 'status', 'unpaid', 'paid'],
      ['deposit', depositRows[1].id as number, String(depositRows[1].reference_no), 'payment_method', 'card', 'cash'],
      ['expense', expenses[3].id as number, String(expenses[3].name), 'amount', '120.000', String(expenses[3].amount)],
      ['expense_category', expenseCategories[4], 'Building insurance', 'status', 'active', 'inactive'],
      ['asset_category', assetCategories[1], 'Commercial complexes', 'name', 'Commercial', 'Commercial complexes'],
    ];
    for (const [n, [entity, record_id, record_name, field, old_value, new_value]] of entries.entries()) {
      const day = addDays(today, -Math.round(((entries.length - n) * 150) / entries.length));
      await create(
        'change_history',
        {
          entity,
          ...(record_id === undefined ? {} : { record_id }),
          record_name,
          field,
          ...(old_value === '' ? {} : { old_value }),
          new_value,
          changed_by: who[n % who.length],
        },
        { changed_at: at(day, random.int(8, 20)) },
      );
    }
  }
}
