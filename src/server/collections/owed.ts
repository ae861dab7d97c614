import type { EntitySchema } from '../../schema/types';
import type { CollectionKind } from '../../shared/collections';
import { PAYER_PAGES } from '../../shared/pay';
import type { ServerContext } from '../context';
import { storeOf } from '../storage/entity-stores';
import { ident } from '../storage/columns';

/**
 * What is owed to a merchant, as SQL: one row per thing asked for and not paid, of each kind, with
 * the same columns — `kind`, `record_id`, `open_id` (the record the row opens), `reference_no`,
 * `customer_name`, `mobile`, `email`, `language` (the customer's, where it is known), `link` (where
 * they pay), `amount`, `due_date` and `contract_expiring`. `$1` is the merchant; nothing of
 * another merchant is ever read.
 *
 * - invoice: an SMS invoice (not paid part by part) that is unpaid, its SMS no longer waiting for
 *   its time; due on its due date, else its expiry date, else the day it was made.
 * - invoice_part: an unpaid part of a split, instalment or group invoice still open; due on its own
 *   due date, else the invoice's.
 * - open_invoice: a fixed-amount open invoice still active that nobody has paid; nobody is named.
 * - subscription: a subscription whose charge failed; due when the charge was to be made.
 * - rent_invoice: an unpaid or expired rent invoice of a tenant; due on its due date.
 * - deposit: a tenant's unpaid deposit; due the day it was asked for.
 */

/** SQL over one table's columns, each named through `column` (qualified in a query, bare in an index). */
type Expression = (column: (name: string) => string) => string;

/** The rows of a kind that its own table says are owed, and their due date, from that row alone. */
interface OwnRows {
  entity: 'invoice' | 'open_invoice' | 'subscription' | 'rent_invoice' | 'deposit';
  owed: Expression;
  due: Expression;
}

/** The Kuwait date of a timestamptz column (Kuwait is UTC+3 all year). */
const kuwaitDate = (column: string) => `((${column} at time zone 'UTC') + interval '3 hours')::date`;

/**
 * Each kind whose due date its own row holds: the predicate and the due date its query filters and
 * orders by, which its partial index (`owedIndexes`) is declared with, so the two cannot drift.
 */
const OWN_ROWS: Record<Exclude<CollectionKind, 'invoice_part'>, OwnRows> = {
  invoice: {
    entity: 'invoice',
    owed: (c) => `${c('status')} = 'unpaid' and coalesce(${c('kind')}, 'quick') not in ('split', 'instalment', 'group')
                 and ${c('sms_status')} is distinct from 'scheduled'`,
    due: (c) => `coalesce(${c('due_date')}, ${c('expiry_date')}, ${kuwaitDate(c('created_at'))})`,
  },
  open_invoice: {
    entity: 'open_invoice',
    owed: (c) => `${c('status')} = 'active' and ${c('amount_type')} = 'fixed' and ${c('amount')} is not null
                  and coalesce(${c('payments_count')}, 0) = 0`,
    due: (c) => `coalesce(${c('expiry_date')}, ${kuwaitDate(c('created_at'))})`,
  },
  subscription: {
    entity: 'subscription',
    owed: (c) => `${c('status')} = 'failed'`,
    due: (c) => kuwaitDate(`coalesce(${c('next_charge_at')}, ${c('updated_at')})`),
  },
  rent_invoice: {
    entity: 'rent_invoice',
    owed: (c) => `${c('status')} in ('unpaid', 'expired')`,
    due: (c) => c('due_date'),
  },
  deposit: {
    entity: 'deposit',
    owed: (c) => `${c('status')} = 'unpaid'`,
    due: (c) => kuwaitDate(c('created_at')),
  },
};

const of = (alias: string) => (name: string) => `${alias}.${name}`;

/** The SQL of each kind's rows. */
function sourcesOf(ctx: ServerContext): Record<CollectionKind, string> {
  const table = (name: Parameters<typeof storeOf>[1]) => storeOf(ctx, name).table;
  const tenant = storeOf(ctx, 'tenant').entity.properties;
  const tenantEmail = 'email' in tenant ? 't.email' : 'null::text';
  const tenantLanguage = 'language' in tenant ? 't.language' : 'null::text';
  const site = ctx.publicUrl.replace(/\/+$/, '').replace(/'/g, "''");
  const partPage = `'${site}${PAYER_PAGES.sms}'`;
  const tenantLink =
    'pay_token' in tenant
      ? `case when t.pay_token is null then null else '${site}${PAYER_PAGES.tenant}' || t.pay_token end`
      : 'null::text';
  const [i, o, s, r, d] = [of('i'), of('o'), of('s'), of('r'), of('d')];
  return {
    invoice: `select 'invoice'::text as kind, i.id as record_id, i.id as open_id, i.reference_no, i.customer_name,
                     i.mobile, i.email, null::text as language, i.payment_link as link, i.amount,
                     ${OWN_ROWS.invoice.due(i)} as due_date, false as contract_expiring
                from ${table('invoice')} i
               where i.merchant_id = $1::integer and ${OWN_ROWS.invoice.owed(i)}`,
    invoice_part: `select 'invoice_part'::text, p.id, i.id, p.reference_no, coalesce(p.customer_name, i.customer_name),
                          coalesce(p.mobile, i.mobile), case when i.kind = 'group' then null else i.email end,
                          null::text, ${partPage} || p.reference_no, p.amount,
                          coalesce(p.due_date, i.due_date, i.expiry_date, ${kuwaitDate('i.created_at')}), false
                     from invoice_parts p
                     join ${table('invoice')} i on i.id = p.invoice_id and i.merchant_id = $1::integer
                    where p.merchant_id = $1::integer and p.status = 'unpaid' and i.status in ('unpaid', 'active')`,
    open_invoice: `select 'open_invoice'::text, o.id, o.id, o.reference_no, null::text, null::text, null::text,
                          null::text, o.payment_link, o.amount, ${OWN_ROWS.open_invoice.due(o)}, false
                     from ${table('open_invoice')} o
                    where o.merchant_id = $1::integer and ${OWN_ROWS.open_invoice.owed(o)}`,
    subscription: `select 'subscription'::text, s.id, s.id, s.reference_no, s.customer_name, s.mobile, s.email,
                          null::text, s.payment_link, s.amount, ${OWN_ROWS.subscription.due(s)}, false
                     from ${table('subscription')} s
                    where s.merchant_id = $1::integer and ${OWN_ROWS.subscription.owed(s)}`,
    rent_invoice: `select 'rent_invoice'::text, r.id, r.id, r.reference_no, t.name, t.mobile, ${tenantEmail},
                          ${tenantLanguage}, coalesce(r.payment_link, ${tenantLink}), r.amount,
                          ${OWN_ROWS.rent_invoice.due(r)}, coalesce(t.contract_expiring, false)
                     from ${table('rent_invoice')} r
                     join ${table('tenant')} t on t.id = r.tenant_id and t.merchant_id = $1::integer
                    where r.merchant_id = $1::integer and ${OWN_ROWS.rent_invoice.owed(r)}`,
    deposit: `select 'deposit'::text, d.id, d.id, d.reference_no, t.name, t.mobile, ${tenantEmail},
                     ${tenantLanguage}, case when d.payment_method = 'cash' then null else ${tenantLink} end,
                     d.amount, ${OWN_ROWS.deposit.due(d)}, coalesce(t.contract_expiring, false)
                from ${table('deposit')} d
                join ${table('tenant')} t on t.id = d.tenant_id and t.merchant_id = $1::integer
               where d.merchant_id = $1::integer and ${OWN_ROWS.deposit.owed(d)}`,
  };
}

/** The columns every kind's rows have, in order. */
const COLUMNS = [
  'kind',
  'record_id',
  'open_id',
  'reference_no',
  'customer_name',
  'mobile',
  'email',
  'language',
  'link',
  'amount',
  'due_date',
  'contract_expiring',
].join(', ');

/** The SQL of the rows of `kind` (a served entity). */
export function owedSql(ctx: ServerContext, kind: CollectionKind): string {
  return `select * from (${sourcesOf(ctx)[kind]}) ${kind}_rows (${COLUMNS})`;
}

/** The columns `expression` names. */
function columnsIn(expression: Expression): string[] {
  const names = new Set<string>();
  expression((name) => {
    names.add(name);
    return ident(name);
  });
  return [...names];
}

/**
 * The partial indexes of the owed rows of each kind `entities` serve, by merchant and due date: a
 * page longest overdue first reads the first entries only, and a bucket a range of them. They hold
 * the amount and what the due date is made of, so the totals count and sum from the index alone.
 */
export function owedIndexes(entities: readonly EntitySchema[]): string[] {
  return Object.values(OWN_ROWS).flatMap(({ entity: name, owed, due }) => {
    const entity = entities.find((candidate) => candidate.$id === name);
    // A due date that is a column is the index's key already.
    const covered = [...new Set(['amount', ...columnsIn(due)])].filter((column) => ident(column) !== due(ident));
    const named = ['amount', ...columnsIn(due), ...columnsIn(owed)];
    if (!entity || !named.every((column) => column in entity.properties)) return [];
    const table = entity['x-resource'].table;
    return [
      `create index if not exists ${ident(`${table}_owed_due_idx`)} on ${ident(table)}
         (merchant_id, (${due(ident)}), id desc) include (${covered.map(ident).join(', ')}) where ${owed(ident)}`,
    ];
  });
}
