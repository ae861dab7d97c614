import { isLanguage, type Language } from '../../shared/i18n';
import { toFils } from '../../shared/money';
import type { ServerContext } from '../context';
import { storeOf } from '../storage/entity-stores';
import type { RentPeriod, RentSchedule } from './rent-periods';

/**
 * A tenancy as rent is invoiced for it: the tenant, the contract in effect (the tenant's active
 * contract begun last) and the unit it rents, read with one statement for one tenant or thousands.
 * Rent is owed while the tenant is active, the contract active and its unit rented.
 */

/** What `tenancySelect` reads of each tenant. */
export type TenancyRow = {
  tenant_id: number;
  merchant_id: number;
  name: string | null;
  mobile: string | null;
  email: string | null;
  language: string | null;
  pay_token: string | null;
  tenant_status: string | null;
  rent_period: RentPeriod | null;
  invoice_sending_day: number | null;
  contract_id: number | null;
  unit_id: number | null;
  start_date: string | null;
  end_date: string | null;
  rent_amount: string | null;
  discount_status: boolean | null;
  discount_amount: string | null;
  rental_status: string | null;
  unit_name: string | null;
  /** The first day of the last period invoiced (any status), or null. */
  last_start: string | null;
};

/** A tenancy rent is owed for, with its calendar and the rent of one period in fils. */
export interface Tenancy {
  row: TenancyRow & { contract_id: number; unit_id: number; pay_token: string };
  schedule: RentSchedule;
  rent: bigint;
  language: Language;
}

/**
 * `select … from <tenants> t` with the contract in effect on `$1` (a date) and its unit joined;
 * the caller adds its `where` (on `t`, `c`, `u`) and what follows.
 */
export function tenancySelect(ctx: ServerContext): string {
  const [tenants, contracts, units, invoices] = (['tenant', 'contract', 'unit', 'rent_invoice'] as const).map(
    (entity) => storeOf(ctx, entity).table,
  );
  return `select t.id as tenant_id, t.merchant_id, t.name, t.mobile, t.email, t.language, t.pay_token, t.tenant_status,
                 t.rent_period, t.invoice_sending_day,
                 c.id as contract_id, c.unit_id, c.start_date::text as start_date, c.end_date::text as end_date,
                 u.rent_amount::text as rent_amount, u.discount_status, u.discount_amount::text as discount_amount,
                 u.rental_status, u.name as unit_name,
                 (select max(r.period_start)::text from ${invoices} r where r.tenant_id = t.id) as last_start
          from ${tenants} t
          left join lateral (
            select id, unit_id, start_date, end_date from ${contracts}
            where tenant_id = t.id and merchant_id = t.merchant_id and status = 'active' and start_date <= $1::date
            order by start_date desc, id desc limit 1) c on true
          left join ${units} u on u.id = c.unit_id and u.merchant_id = t.merchant_id`;
}

/** The condition of a tenancy rent is owed for, on the rows of `tenancySelect`. */
export const OWING = `t.tenant_status = 'active' and c.id is not null and u.rental_status = 'rented'`;

/** The rent of one period: the unit's rent, less its discount while the discount is on; null when none is left. */
function rentOf(row: TenancyRow): bigint | null {
  const rent = toFils(row.rent_amount ?? '');
  if (rent === null) return null;
  const discount = row.discount_status ? (toFils(row.discount_amount ?? '0') ?? 0n) : 0n;
  return rent > discount ? rent - discount : null;
}

/** The tenancy of `row` when rent is owed for it, else null. */
export function tenancyOf(row: TenancyRow): Tenancy | null {
  const { contract_id, unit_id, pay_token, start_date, end_date, rent_period, invoice_sending_day } = row;
  if (row.tenant_status !== 'active' || row.rental_status !== 'rented') return null;
  if (contract_id === null || unit_id === null || !pay_token || !start_date || !end_date || !rent_period) return null;
  const rent = rentOf(row);
  if (rent === null) return null;
  return {
    row: { ...row, contract_id, unit_id, pay_token },
    schedule: {
      period: rent_period,
      sendingDay: invoice_sending_day ?? 1,
      contractStart: start_date,
      contractEnd: end_date,
    },
    rent,
    language: isLanguage(row.language) ? row.language : 'en',
  };
}
