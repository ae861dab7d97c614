import type { Deposit, Tenant } from '../../generated';
import type { EntityCreate, EntityRecord } from '../../generated/entities';
import { fromFils, toFils } from '../../shared/money';
import { replayRent, type DemoPayer, type DemoTenancy } from './demo-rent';
import { nonEmpty, type DemoWriter } from './demo-writer';
import { atInstant } from './flow-context';
import { seededRandom } from './random';

/**
 * Demo property management of a Kuwaiti landlord: four buildings named in Arabic and English,
 * their units in every rental status, tenants in every status with contracts, deposits, a few
 * months of expenses and a history of changes. Tenants and their contracts are entered as the
 * merchant enters them (a contract a draft until it starts), and the months since are replayed by
 * the scheduler's own steps (`demo-rent.ts`): contracts start and end by their dates, renting and
 * freeing their units, each sending day issues its rent invoice and sends its SMS, and the tenants
 * pay on their own page. Amounts are KWD with three decimals; dates are spread over the last months
 * around today, so the asset report has figures this month.
 */

const DAY = 86_400_000;
/** Kuwait is UTC+3 all year: "today" and "this month" are the landlord's. */
/** Tenants who do not pay within days of each invoice (`DemoPayer`); the others do. */
const PAYERS: Record<string, DemoPayer> = {
  'Sara Al-Mutawa': 'late',
  'Yousef Al-Awadhi': 'late',
  'فهد الرشيدي': 'behind',
  'Layla Hassan': 'behind',
};

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

const ASSET_CATEGORIES: EntityCreate<'asset_category'>[] = [
  { name: 'Residential buildings', name_ar: 'مباني سكنية', status: 'active' },
  { name: 'Commercial complexes', name_ar: 'مجمعات تجارية', status: 'active' },
  { name: 'Chalets and farms', name_ar: 'شاليهات ومزارع', status: 'inactive' },
];

type UnitCategory = 'apartment' | 'shop' | 'office';

/** The unit categories, by the key the demo's units name them with. */
const UNIT_CATEGORIES: { key: UnitCategory; category: EntityCreate<'unit_category'> }[] = [
  { key: 'apartment', category: { name: 'Apartment', name_ar: 'شقة' } },
  { key: 'shop', category: { name: 'Shop', name_ar: 'محل' } },
  { key: 'office', category: { name: 'Office', name_ar: 'مكتب' } },
];

/** A demo building, with the index of its category in `ASSET_CATEGORIES`. */
type DemoAsset = Omit<EntityCreate<'asset'>, 'category_id' | 'units'> & { category: number };

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

/** A demo unit: the index of its building in `ASSETS`, its category, its rent and any discount. */
type DemoUnit = Pick<EntityCreate<'unit'>, 'name' | 'number' | 'rent_amount' | 'discount_amount' | 'rental_status'> & {
  asset: number;
  category: UnitCategory;
};

const UNITS: DemoUnit[] = [
  { asset: 0, name: 'شقة 101', number: '101', category: 'apartment', rent_amount: '350.000', rental_status: 'rented' },
  {
    asset: 0,
    name: 'شقة 102',
    number: '102',
    category: 'apartment',
    rent_amount: '350.000',
    discount_amount: '25.000',
    rental_status: 'rented',
  },
  { asset: 0, name: 'شقة 201', number: '201', category: 'apartment', rent_amount: '375.000', rental_status: 'rented' },
  {
    asset: 0,
    name: 'شقة 202',
    number: '202',
    category: 'apartment',
    rent_amount: '375.000',
    rental_status: 'available',
  },
  { asset: 0, name: 'شقة 301', number: '301', category: 'apartment', rent_amount: '400.000', rental_status: 'rented' },
  { asset: 0, name: 'شقة 302', number: '302', category: 'apartment', rent_amount: '400.000', rental_status: 'blocked' },
  {
    asset: 0,
    name: 'بنتهاوس 401',
    number: '401',
    category: 'apartment',
    rent_amount: '650.000',
    discount_amount: '50.000',
    rental_status: 'rented',
  },
  { asset: 1, name: 'Flat 1A', number: '1A', category: 'apartment', rent_amount: '280.000', rental_status: 'rented' },
  { asset: 1, name: 'Flat 1B', number: '1B', category: 'apartment', rent_amount: '280.000', rental_status: 'rented' },
  { asset: 1, name: 'Flat 2A', number: '2A', category: 'apartment', rent_amount: '295.000', rental_status: 'rented' },
  {
    asset: 1,
    name: 'Flat 2B',
    number: '2B',
    category: 'apartment',
    rent_amount: '295.000',
    discount_amount: '15.000',
    rental_status: 'available',
  },
  { asset: 1, name: 'Flat 3A', number: '3A', category: 'apartment', rent_amount: '310.000', rental_status: 'rented' },
  { asset: 1, name: 'Flat 3B', number: '3B', category: 'apartment', rent_amount: '310.000', rental_status: 'rented' },
  { asset: 2, name: 'محل 1', number: 'S1', category: 'shop', rent_amount: '900.000', rental_status: 'rented' },
  { asset: 2, name: 'محل 2', number: 'S2', category: 'shop', rent_amount: '850.000', rental_status: 'rented' },
  { asset: 2, name: 'محل 3', number: 'S3', category: 'shop', rent_amount: '850.000', rental_status: 'available' },
  { asset: 2, name: 'مكتب 10', number: 'O10', category: 'office', rent_amount: '600.000', rental_status: 'blocked' },
  { asset: 3, name: 'Office 501', number: '501', category: 'office', rent_amount: '750.000', rental_status: 'rented' },
  {
    asset: 3,
    name: 'Office 502',
    number: '502',
    category: 'office',
    rent_amount: '750.000',
    discount_amount: '50.000',
    rental_status: 'rented',
  },
  {
    asset: 3,
    name: 'Office 503',
    number: '503',
    category: 'office',
    rent_amount: '720.000',
    rental_status: 'available',
  },
  { asset: 3, name: 'Shop G1', number: 'G1', category: 'shop', rent_amount: '1250.000', rental_status: 'rented' },
  { asset: 3, name: 'Flat 701', number: '701', category: 'apartment', rent_amount: '520.000', rental_status: 'rented' },
];

/** The rent periods the demo's tenants pay by. */
type RentPeriod = Extract<Tenant['rent_period'], 'monthly' | 'quarterly' | 'half_yearly' | 'yearly'>;

/** A demo tenant: the name of the unit it rents, and how many months ago its contract started. */
type DemoTenant = Required<Pick<Tenant, 'name' | 'tenant_status'>> & {
  unit: string;
  rent_period: RentPeriod;
  months: number;
};

const TENANTS: DemoTenant[] = [
  {
    name: 'Ahmad Al-Kandari',
    unit: 'شقة 101',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 14,
  },
  {
    name: 'محمد العنزي',
    unit: 'شقة 102',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 7,
  },
  {
    name: 'Sara Al-Mutawa',
    unit: 'شقة 201',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 3,
  },
  {
    name: 'فهد الرشيدي',
    unit: 'شقة 301',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 10,
  },
  {
    name: 'Rajesh Kumar',
    unit: 'بنتهاوس 401',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 5,
  },
  {
    name: 'نوف السبيعي',
    unit: 'Flat 1A',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 18,
  },
  {
    name: 'Yousef Al-Awadhi',
    unit: 'Flat 1B',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 2,
  },
  {
    name: 'عبدالرحمن البناي',
    unit: 'Flat 2A',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 9,
  },
  {
    name: 'Layla Hassan',
    unit: 'Flat 3A',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 6,
  },
  {
    name: 'خالد الظفيري',
    unit: 'Flat 3B',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 4,
  },
  {
    name: 'Al Watan Pharmacy',
    unit: 'محل 1',
    tenant_status: 'active',
    rent_period: 'quarterly',
    months: 20,
  },
  {
    name: 'مطعم ليالي الكويت',
    unit: 'محل 2',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 11,
  },
  {
    name: 'Mariam Al-Sayegh',
    unit: 'Office 501',
    tenant_status: 'active',
    rent_period: 'half_yearly',
    months: 8,
  },
  {
    name: 'جاسم بهبهاني',
    unit: 'Office 502',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 12,
  },
  {
    name: 'Gulf Optics Co.',
    unit: 'Shop G1',
    tenant_status: 'active',
    rent_period: 'yearly',
    months: 15,
  },
  {
    name: 'Grace Fernandes',
    unit: 'Flat 701',
    tenant_status: 'active',
    rent_period: 'monthly',
    months: 1,
  },
  {
    name: 'Hamad Al-Failakawi',
    unit: 'شقة 202',
    tenant_status: 'left',
    rent_period: 'monthly',
    months: 20,
  },
  {
    name: 'سعاد الخالدي',
    unit: 'Flat 2B',
    tenant_status: 'left',
    rent_period: 'monthly',
    months: 16,
  },
  {
    name: 'Ibrahim Marafie',
    unit: 'Office 503',
    tenant_status: 'inactive',
    rent_period: 'monthly',
    months: -1,
  },
];

const EXPENSE_CATEGORIES: EntityCreate<'expense_category'>[] = [
  { name: 'Maintenance', name_ar: 'صيانة', type: 'maintenance', status: 'active' },
  { name: 'Electricity and water', name_ar: 'الكهرباء والماء', type: 'utilities', status: 'active' },
  { name: 'Watchman salary', name_ar: 'راتب الحارس', type: 'salaries', status: 'active' },
  { name: 'Cleaning', name_ar: 'تنظيف', type: 'cleaning', status: 'active' },
  { name: 'Building insurance', name_ar: 'تأمين المبنى', type: 'insurance', status: 'inactive' },
];

/** A demo expense: the index of its category in `EXPENSE_CATEGORIES`, its lowest and highest amount in KWD. */
type DemoExpense = Pick<EntityCreate<'expense'>, 'name'> & { category: number; low: number; high: number };

const EXPENSES: DemoExpense[] = [
  { name: 'Elevator maintenance', category: 0, low: 45, high: 180 },
  { name: 'صيانة المكيفات', category: 0, low: 30, high: 260 },
  { name: 'Plumbing repair', category: 0, low: 15, high: 90 },
  { name: 'فاتورة الكهرباء', category: 1, low: 60, high: 420 },
  { name: 'Water bill', category: 1, low: 20, high: 110 },
  { name: 'راتب الحارس', category: 2, low: 180, high: 220 },
  { name: 'Cleaning services', category: 3, low: 40, high: 120 },
  { name: 'مكافحة الحشرات', category: 0, low: 25, high: 60 },
  { name: 'Painting common areas', category: 0, low: 90, high: 350 },
  { name: 'تنظيف الواجهات', category: 3, low: 70, high: 150 },
];

interface Ids {
  units: Map<string, { id: number; asset: number; rent: bigint }>;
  /** The tenants, with the day each signed (what the demo wrote). */
  tenants: (EntityRecord<'tenant'> & { contract_signed_date: string })[];
  contracts: EntityRecord<'contract'>[];
}

/** A deposit of the demo: the index of its tenant in `TENANTS`, its status and how it was paid. */
type DemoDeposit = Required<Pick<Deposit, 'status' | 'payment_method'>> & { tenant: number };

/**
 * Deposits: one month's rent each, by card or in cash, paid or not; a card deposit marked
 * `refunded` is paid and, once its contract is over, given back.
 */
const DEPOSITS: DemoDeposit[] = [
  { tenant: 0, status: 'paid', payment_method: 'card' },
  { tenant: 1, status: 'paid', payment_method: 'cash' },
  { tenant: 2, status: 'unpaid', payment_method: 'card' },
  { tenant: 4, status: 'paid', payment_method: 'card' },
  { tenant: 6, status: 'unpaid', payment_method: 'cash' },
  { tenant: 10, status: 'paid', payment_method: 'card' },
  { tenant: 13, status: 'paid', payment_method: 'cash' },
  { tenant: 15, status: 'unpaid', payment_method: 'card' },
  { tenant: 16, status: 'refunded', payment_method: 'card' },
  { tenant: 17, status: 'paid', payment_method: 'cash' },
  { tenant: 18, status: 'unpaid', payment_method: 'card' },
];

export async function seedDemoProperty(demo: DemoWriter): Promise<void> {
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
  for (const category of ASSET_CATEGORIES)
    assetCategories.push((await demo.create('asset_category', { values: category, system: created(firstDay) })).id);
  const unitCategories = new Map<UnitCategory, number>();
  for (const { key, category } of UNIT_CATEGORIES) {
    const made = await demo.create('unit_category', { values: category, system: created(firstDay) });
    unitCategories.set(key, made.id);
  }
  const unitCategoryOf = (category: UnitCategory): number => {
    const id = unitCategories.get(category);
    if (id === undefined) throw new Error(`Demo unit category ${category} is missing`);
    return id;
  };

  // Each building is created with its units, as the API requires (at least one unit).
  const assets: EntityRecord<'asset'>[] = [];
  const ids: Ids = { units: new Map(), tenants: [], contracts: [] };
  for (const [index, { category, ...asset }] of ASSETS.entries()) {
    const since = created(addMonths(thisMonth, -24 + index * 3));
    const units = UNITS.filter((unit) => unit.asset === index).map(
      ({ asset: _asset, category: unitCategory, ...unit }): Omit<EntityCreate<'unit'>, 'asset_id'> => ({
        ...unit,
        // Blocked by the landlord, else available: a unit is rented by its contract once that runs.
        rental_status: unit.rental_status === 'blocked' ? 'blocked' : 'available',
        category_id: unitCategoryOf(unitCategory),
        discount_status: unit.discount_amount !== undefined,
        start_date: since.created_at.slice(0, 10),
      }),
    );
    const made = await demo.create('asset', {
      values: { ...asset, category_id: assetCategories[category], units: nonEmpty(units, asset.name) },
      system: since,
    });
    assets.push(made);
    for (const unit of await demo.find('unit', { asset_id: made.id })) {
      const net = fils(unit.rent_amount ?? '0') - fils(unit.discount_amount ?? '0');
      ids.units.set(String(unit.name), { id: unit.id, asset: index, rent: net });
    }
  }

  const tenancies: DemoTenancy[] = [];
  for (const [i, { name, unit: unitName, tenant_status, rent_period, months }] of TENANTS.entries()) {
    const unit = ids.units.get(unitName);
    if (!unit) throw new Error(`Demo tenant ${name} has no unit ${unitName}`);
    const start = addMonths(thisMonth, -months);
    const end =
      tenant_status === 'left'
        ? addDays(addMonths(thisMonth, -random.int(2, 6)), -1)
        : addDays(addMonths(start, months > 10 ? 24 : 12), -1);
    const birth = `${random.int(60, 99)}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(1, 28)).padStart(2, '0')}`;
    const tenancy = {
      civil_id: `2${birth}${String(random.int(10000, 99999))}`,
      civil_id_expiry: addMonths(today, random.int(-2, 30)),
      mobile: `965${random.pick(['5', '6', '9'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`,
      ...(i % 3 === 0
        ? { mobile_2: `965${random.pick(['2', '6'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}` }
        : {}),
      contract_start: start,
      contract_end: end,
      contract_signed_date: addDays(start, -random.int(5, 20)),
    };
    // Entered ten days before moving in; its contract entered as signed, through the contract's own
    // create, so it is a draft until its start, which the scheduler starts when the day comes.
    const values: EntityCreate<'tenant'> = {
      name,
      ...tenancy,
      language: /[a-z]/i.test(name) ? 'en' : 'ar',
      unit_id: unit.id,
      rent_period,
      invoice_sending_day: random.pick([1, 1, 5, 25, 28]),
      tenant_status: tenant_status === 'inactive' ? 'inactive' : 'active',
    };
    const tenant = await demo.create('tenant', { values, system: created(addDays(start, -10)) });
    ids.tenants.push({ ...tenant, contract_signed_date: tenancy.contract_signed_date });
    const signed = created(tenancy.contract_signed_date);
    const contract = await atInstant(new Date(signed.created_at), () =>
      demo.create(
        'contract',
        {
          values: {
            tenant_id: tenant.id,
            unit_id: unit.id,
            start_date: start,
            end_date: end,
            signed_date: tenancy.contract_signed_date,
            rent_amount: fromFils(unit.rent),
          },
          system: signed,
        },
        { effects: true },
      ),
    );
    ids.contracts.push(contract);
    // Its deposit asked for when it signed: by card on the tenant's page, or in cash by hand.
    const deposit = DEPOSITS.find((candidate) => candidate.tenant === i);
    const byCard = deposit?.payment_method === 'card';
    let depositId: number | undefined;
    if (deposit) {
      const description = /[a-z]/i.test(name) ? 'Security deposit, one month rent' : 'تأمين الإيجار، إيجار شهر واحد';
      const asked = await demo.create('deposit', {
        values: { tenant_id: tenant.id, amount: fromFils(unit.rent), description },
        system: created(tenancy.contract_signed_date),
      });
      depositId = asked.id;
      const when = new Date(signed.created_at);
      if (!byCard) await demo.transition('deposit', asked.id, 'switch_to_cash', when);
      if (!byCard && deposit.status === 'paid') await demo.transition('deposit', asked.id, 'mark_paid', when);
    }
    tenancies.push({
      tenant: tenant.id,
      contract: contract.id,
      language: values.language ?? 'en',
      payer: PAYERS[name] ?? 'prompt',
      ...(depositId !== undefined && byCard && deposit?.status !== 'unpaid'
        ? { deposit: { id: depositId, refunded: deposit?.status === 'refunded' } }
        : {}),
      schedule: {
        period: rent_period,
        sendingDay: values.invoice_sending_day,
        contractStart: start,
        contractEnd: end,
      },
      ...(tenant_status === 'left' ? { left: i % 2 === 0 ? ('ended' as const) : ('terminated' as const) } : {}),
    });
  }

  // The months up to today, as the scheduler lived them: contracts starting and ending, rent invoiced.
  await replayRent(demo, tenancies, new Date());

  const expenseCategories: number[] = [];
  for (const category of EXPENSE_CATEGORIES)
    expenseCategories.push((await demo.create('expense_category', { values: category, system: created(firstDay) })).id);
  const expenses: EntityRecord<'expense'>[] = [];
  const todayNumber = Number(today.slice(8, 10));
  for (let i = 0; i < 30; i += 1) {
    const { name, category, low, high } = EXPENSES[i % EXPENSES.length];
    // The first five fall in the current month, the rest over the four months before.
    const date = i < 5 ? addDays(thisMonth, (i * 5) % todayNumber) : addDays(thisMonth, -random.int(1, 120));
    const amount =
      BigInt(random.int(low, high)) * 1000n + BigInt(random.pick([0, 0, 250, 500, 750, random.int(1, 999)]));
    const asset = i % 13 === 12 ? undefined : assets[i % assets.length];
    expenses.push(
      await demo.create('expense', {
        values: {
          name,
          category_id: expenseCategories[category],
          ...(asset ? { asset_id: asset.id } : {}),
          amount: fromFils(amount),
          date,
          ...(i % 4 === 0
            ? { description: /[a-z]/i.test(name) ? 'Paid to the contractor by transfer.' : 'دفعت للمقاول بتحويل بنكي.' }
            : {}),
        },
        system: created(date),
      }),
    );
  }

  await seedHistory();

  async function seedHistory(): Promise<void> {
    const unitId = (name: string) => ids.units.get(name)?.id;
    const who = ['Hessa Al-Noori', 'Rania Haddad', 'Hessa Al-Noori', 'ليلى الهاجري'];
    const entries: Omit<EntityCreate<'change_history'>, 'changed_by'>[] = [
      {
        entity: 'asset',
        record_id: assets[1].id,
        record_name: 'Hawalli Residence',
        field: 'number_of_units',
        old_value: '5',
        new_value: '6',
      },
      {
        entity: 'asset',
        record_id: assets[0].id,
        record_name: 'برج السالمية',
        field: 'address',
        old_value: 'قطعة 10، شارع سالم المبارك',
        new_value: 'قطعة 10، شارع سالم المبارك، مبنى 24',
      },
      {
        entity: 'unit',
        record_id: unitId('شقة 302'),
        record_name: 'شقة 302',
        field: 'rental_status',
        old_value: 'available',
        new_value: 'blocked',
      },
      {
        entity: 'unit',
        record_id: unitId('Flat 1A'),
        record_name: 'Flat 1A',
        field: 'rent_amount',
        old_value: '270.000',
        new_value: '280.000',
      },
      {
        entity: 'unit',
        record_id: unitId('شقة 102'),
        record_name: 'شقة 102',
        field: 'discount_status',
        old_value: 'false',
        new_value: 'true',
      },
      {
        entity: 'unit',
        record_id: unitId('شقة 102'),
        record_name: 'شقة 102',
        field: 'discount_amount',
        new_value: '25.000',
      },
      {
        entity: 'unit',
        record_id: unitId('مكتب 10'),
        record_name: 'مكتب 10',
        field: 'rental_status',
        old_value: 'rented',
        new_value: 'blocked',
      },
      {
        entity: 'tenant',
        record_id: ids.tenants[1].id,
        record_name: 'محمد العنزي',
        field: 'mobile',
        old_value: '96555012345',
        new_value: String(ids.tenants[1].mobile),
      },
      {
        entity: 'tenant',
        record_id: ids.tenants[5].id,
        record_name: 'نوف السبيعي',
        field: 'invoice_sending_day',
        old_value: '5',
        new_value: '1',
      },
      {
        entity: 'expense',
        record_id: expenses[3].id,
        record_name: String(expenses[3].name),
        field: 'amount',
        old_value: '120.000',
        new_value: String(expenses[3].amount),
      },
      {
        entity: 'expense_category',
        record_id: expenseCategories[4],
        record_name: 'Building insurance',
        field: 'status',
        old_value: 'active',
        new_value: 'inactive',
      },
      {
        entity: 'asset_category',
        record_id: assetCategories[1],
        record_name: 'Commercial complexes',
        field: 'name',
        old_value: 'Commercial',
        new_value: 'Commercial complexes',
      },
    ];
    for (const [n, entry] of entries.entries()) {
      const day = addDays(today, -Math.round(((entries.length - n) * 150) / entries.length));
      await demo.create('change_history', {
        values: { ...entry, changed_by: who[n % who.length] },
        system: { changed_at: at(day, random.int(8, 20)) },
      });
    }
  }
}
