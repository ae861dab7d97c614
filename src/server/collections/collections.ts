import {
  COLLECTION_BUCKETS,
  type CollectionBucket,
  type CollectionKind,
  type CollectionRow,
  type CollectionSort,
  type CollectionTotals,
} from '../../shared/collections';
import { fromFils, normaliseKwd, toFils } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import { owedSql } from './owed';

/**
 * The collections view of one merchant (`owed.ts` says what is owed): the rows its filter matches,
 * aged by the Kuwait day (days past the due date, and the bucket of that age), with the last
 * reminder sent for each; a page of them in the order asked, and the totals per bucket. Everything
 * is counted and summed by the database on every call, from the records themselves.
 */

export interface CollectionsQuery {
  /** The kinds the caller may see and asked for. */
  kinds: readonly CollectionKind[];
  buckets?: readonly CollectionBucket[];
  /** Text in the reference or the customer's name (at least 3 characters). */
  q?: string;
  /** Only the row of this record (of the one kind asked). */
  recordId?: number;
  sort: [CollectionSort, 'ASC' | 'DESC'];
  /** Inclusive row positions, react-admin style. */
  range: [number, number];
}

/** The reminders' log (`storage/system-tables.ts`). */
export const REMINDERS = 'collection_reminders';

/** The days overdue of each bucket, from and up to (each inclusive, open where absent); the same bounds as `bucketOf`. */
const BUCKET_DAYS: Record<CollectionBucket, { from?: number; to?: number }> = {
  not_due: { to: 0 },
  days_1_30: { from: 1, to: 30 },
  days_31_60: { from: 31, to: 60 },
  days_61_90: { from: 61, to: 90 },
  days_over_90: { from: 91 },
};

/** The age bucket of a row due on `due`, in SQL (`$2` today); one with no due date is in the oldest. */
const bucketSql = (due: string) =>
  `case ${COLLECTION_BUCKETS.map((bucket) => {
    const { to } = BUCKET_DAYS[bucket];
    return to === undefined ? `else '${bucket}'` : `when $2::date - ${due} <= ${to} then '${bucket}'`;
  }).join(' ')} end`;

/** The rows of `bucket` as `bucketSql` ages them, as a range of `due` (`$2` today), which the kinds' indexes answer. */
function dueIn(bucket: CollectionBucket, due: string): string {
  const { from, to } = BUCKET_DAYS[bucket];
  const bounds = [
    ...(to === undefined ? [] : [`${due} >= $2::date - ${to}`]),
    ...(from === undefined ? [] : [`${due} <= $2::date - ${from}`]),
  ].join(' and ');
  return to === undefined ? `(${bounds} or ${due} is null)` : `(${bounds})`;
}

/**
 * The rows of each kind the query's filter matches, with `days_overdue` and `bucket` (`$1` the
 * merchant, `$2` today in Kuwait), and the parameters. Each kind filters its own rows, so its
 * index can answer the bucket (a range of due dates) and the order.
 */
function matchedRows(
  ctx: ServerContext,
  merchantId: number,
  today: string,
  query: Omit<CollectionsQuery, 'sort' | 'range'>,
) {
  const params: unknown[] = [merchantId, today];
  const conditions: string[] = [];
  if (query.buckets?.length)
    conditions.push(`(${query.buckets.map((bucket) => dueIn(bucket, 'o.due_date')).join(' or ')})`);
  if (query.recordId !== undefined) conditions.push(`o.record_id = $${params.push(query.recordId)}::integer`);
  if (query.q) {
    const like = `$${params.push(`%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)}::text`;
    conditions.push(`(o.reference_no ilike ${like} or o.customer_name ilike ${like})`);
  }
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const kinds = query.kinds.map(
    (kind) => `select o.*, ($2::date - o.due_date) as days_overdue, ${bucketSql('o.due_date')} as bucket
                 from (${owedSql(ctx, kind)}) o ${where}`,
  );
  return { kinds, params };
}

const unionAll = (parts: readonly string[]) => parts.join('\nunion all\n');

/**
 * How many rows the kinds match, in SQL. Each kind counts its own before they are added up, which
 * reads its index alone and is far quicker than counting the rows of them all.
 */
const countSql = (kinds: readonly string[]) =>
  `select coalesce(sum(n), 0)::integer as total from (${unionAll(kinds.map((sql) => `select count(*) as n from (${sql}) k`))}) c`;

interface StoredRow extends Row {
  kind: CollectionKind;
  record_id: number;
  open_id: number;
  reference_no: string;
  customer_name: string | null;
  mobile: string | null;
  email: string | null;
  amount: string;
  due_date: string;
  days_overdue: number;
  bucket: CollectionBucket;
  contract_expiring: boolean;
  last_reminder_at: string | null;
  reminded_today: boolean;
  total: number;
}

/**
 * The column each sort orders by, and whether it runs against the sort: more days overdue is an
 * earlier due date, which the kinds' indexes are in the order of.
 */
const ORDER: Record<CollectionSort, { column: string; reversed: boolean }> = {
  days_overdue: { column: 'due_date', reversed: true },
  amount: { column: 'amount', reversed: false },
  due_date: { column: 'due_date', reversed: false },
  customer_name: { column: 'customer_name', reversed: false },
};

/** The `order by` of `sort` over rows aliased `alias`, ties in the order of the kind (unless `oneKind`) and the record. */
function orderBy([field, order]: CollectionsQuery['sort'], alias: string, oneKind = false): string {
  const direction = order === 'DESC' ? 'desc' : 'asc';
  const { column, reversed } = ORDER[field];
  const columnDirection = reversed === (order === 'DESC') ? 'asc' : 'desc';
  const ties = oneKind ? [] : [`${alias}.kind ${direction}`];
  return `order by ${[`${alias}.${column} ${columnDirection} nulls last`, ...ties, `${alias}.record_id ${direction}`].join(', ')}`;
}

const rowOf = (row: StoredRow): CollectionRow => ({
  id: `${row.kind}-${row.record_id}`,
  kind: row.kind,
  record_id: row.record_id,
  open_id: row.open_id,
  reference_no: row.reference_no,
  customer_name: row.customer_name,
  amount: normaliseKwd(String(row.amount)),
  due_date: row.due_date,
  days_overdue: Number(row.days_overdue),
  bucket: row.bucket,
  last_reminder_at: row.last_reminder_at,
  can_remind: (row.mobile !== null || row.email !== null) && !row.reminded_today,
  contract_expiring: row.contract_expiring,
});

/**
 * A page of the merchant's collections in the query's order, and how many rows match: each kind's
 * first rows up to the page's end (read in its index's order), merged, then the page of them.
 */
export async function collectionsPage(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  query: CollectionsQuery,
  today: string,
): Promise<{ rows: CollectionRow[]; total: number }> {
  if (query.kinds.length === 0) return { rows: [], total: 0 };
  const { kinds, params } = matchedRows(ctx, merchantId, today, query);
  const [start, end] = query.range;
  const firsts = kinds.map((sql) => `(select * from (${sql}) k ${orderBy(query.sort, 'k', true)} limit ${end + 1})`);
  const rows = await q.query<StoredRow>(
    `select page.*, r.last_reminder_at, coalesce(r.reminded_today, false) as reminded_today,
            (${countSql(kinds)}) as total
       from (select f.kind, f.record_id, f.open_id, f.reference_no, f.customer_name, f.mobile, f.email,
                    f.amount, f.due_date, f.days_overdue, f.bucket, f.contract_expiring
               from (${unionAll(firsts)}) f
              ${orderBy(query.sort, 'f')}
              limit ${end - start + 1} offset ${start}) page
       left join lateral (
         select max(sent_at) as last_reminder_at, bool_or(day = $2::date) as reminded_today
           from ${REMINDERS} c
          where c.merchant_id = $1::integer and c.kind = page.kind and c.record_id = page.record_id) r on true
      ${orderBy(query.sort, 'page')}`,
    params,
  );
  if (rows.length > 0) return { rows: rows.map(rowOf), total: Number(rows[0].total) };
  const [count] = await q.query<{ total: number }>(countSql(kinds), params);
  return { rows: [], total: count.total };
}

/**
 * The count and sum of the rows the query's filter matches, in all and per bucket: each kind sums
 * its rows per due date (in its index's order), and the buckets those days fall in add them up.
 */
export async function collectionsTotals(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  query: Omit<CollectionsQuery, 'sort' | 'range'>,
  today: string,
): Promise<CollectionTotals> {
  const buckets = Object.fromEntries(
    COLLECTION_BUCKETS.map((bucket) => [bucket, { count: 0, amount: '0.000' }]),
  ) as CollectionTotals['buckets'];
  if (query.kinds.length === 0) return { count: 0, amount: '0.000', buckets };
  const { kinds, params } = matchedRows(ctx, merchantId, today, query);
  const days = kinds.map(
    (sql) => `select k.due_date, count(*) as count, sum(k.amount) as amount from (${sql}) k group by k.due_date`,
  );
  const rows = await q.query<{ bucket: CollectionBucket; count: number; amount: string }>(
    `select ${bucketSql('d.due_date')} as bucket, sum(d.count)::integer as count,
            sum(d.amount)::numeric(15,3)::text as amount
       from (${unionAll(days)}) d group by 1`,
    params,
  );
  let count = 0;
  let fils = 0n;
  for (const row of rows) {
    buckets[row.bucket] = { count: row.count, amount: normaliseKwd(row.amount) };
    count += row.count;
    fils += toFils(row.amount) ?? 0n;
  }
  return { count, amount: fromFils(fils), buckets };
}

/** The one row of `kind` and `recordId` still owed, with whom to remind; null when nothing of it is. */
export async function owedRow(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  kind: CollectionKind,
  recordId: number,
  today: string,
) {
  const { kinds, params } = matchedRows(ctx, merchantId, today, { kinds: [kind], recordId });
  const [row] = await q.query<StoredRow & { language: string | null; link: string | null }>(
    `select a.kind, a.record_id, a.open_id, a.reference_no, a.customer_name, a.mobile, a.email, a.language, a.link,
            a.amount, a.due_date, a.days_overdue, a.bucket, a.contract_expiring
       from (${unionAll(kinds)}) a`,
    params,
  );
  return row ?? null;
}
