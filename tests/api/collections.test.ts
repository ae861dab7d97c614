import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { COLLECTION_BUCKETS, type CollectionRow, type CollectionTotals } from '../../src/shared/collections';
import { fromFils, toFils } from '../../src/shared/money';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The collections view's API: everything owed to the merchant in one list, longest overdue first,
 * the totals per age bucket for the same filter, a reminder at most once a day per row in the
 * customer's language through the outbox, and nothing of another merchant's.
 */

const fils = (amount: string) => toFils(amount) ?? 0n;

describe.each(DRIVERS)('collections (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const page = (client: Client, filter: Record<string, unknown> = {}, range: [number, number] = [0, 499]) =>
    client.list('/v1/invoice/collections', { filter, range });
  /** Every row the filter matches, page by page. */
  async function everything(client: Client, filter: Record<string, unknown> = {}): Promise<CollectionRow[]> {
    const rows: CollectionRow[] = [];
    for (let start = 0; ; start += 500) {
      const response = await page(client, filter, [start, start + 499]);
      expect(response.statusCode, response.body).toBe(200);
      rows.push(...(response.json() as CollectionRow[]));
      if (rows.length >= totalOf(response)) return rows;
    }
  }
  const totals = async (client: Client, filter: Record<string, unknown> = {}) => {
    const response = await client.get('/v1/invoice/collections/totals', {
      query: { filter: JSON.stringify(filter) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CollectionTotals;
  };

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());
  afterEach(() => setClock());

  it('lists everything owed of every kind, longest overdue first, each with its age and last reminder', async () => {
    const rows = await everything(merchant);
    const kinds = new Set(rows.map((row) => row.kind));
    for (const kind of ['invoice', 'rent_invoice', 'deposit']) expect(kinds, kind).toContain(kind);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].days_overdue).toBeGreaterThanOrEqual(rows[i].days_overdue);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    // Every rent invoice of the list is one the tenant has not paid.
    const unpaid = (
      await merchant.list('/v1/rent-invoices', { filter: { status: ['unpaid', 'expired'] }, range: [0, 499] })
    ).json() as { id: number; amount: string }[];
    const rent = rows.filter((row) => row.kind === 'rent_invoice');
    expect(rent.map((row) => row.record_id).sort()).toEqual(unpaid.map((invoice) => invoice.id).sort());
    for (const row of rows) {
      expect(row.amount).toMatch(/^\d+\.\d{3}$/);
      expect(row.bucket).toBe(
        row.days_overdue <= 0
          ? 'not_due'
          : row.days_overdue <= 30
            ? 'days_1_30'
            : row.days_overdue <= 60
              ? 'days_31_60'
              : row.days_overdue <= 90
                ? 'days_61_90'
                : 'days_over_90',
      );
    }
  });

  it('totals each bucket from the same filter, to the fil', async () => {
    for (const filter of [{}, { kind: 'rent_invoice' }, { kind: ['invoice', 'deposit'] }]) {
      const rows = await everything(merchant, filter);
      const sums = await totals(merchant, filter);
      expect(sums.count).toBe(rows.length);
      expect(sums.amount).toBe(fromFils(rows.reduce((total, row) => total + fils(row.amount), 0n)));
      for (const bucket of COLLECTION_BUCKETS) {
        const of = rows.filter((row) => row.bucket === bucket);
        expect(sums.buckets[bucket], `${JSON.stringify(filter)} ${bucket}`).toEqual({
          count: of.length,
          amount: fromFils(of.reduce((total, row) => total + fils(row.amount), 0n)),
        });
      }
    }
    const [oldest] = await everything(merchant);
    const ofBucket = await everything(merchant, { bucket: oldest.bucket });
    expect(new Set(ofBucket.map((row) => row.bucket))).toEqual(new Set([oldest.bucket]));
    expect((await totals(merchant, { bucket: oldest.bucket })).count).toBe(ofBucket.length);
  });

  it('refuses a filter it does not know, in the caller’s language', async () => {
    const short = await page(merchant.inLocale('ar'), { q: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.q).toBeTruthy();
    for (const filter of [{ kind: 'loan' }, { bucket: 'ancient' }, { colour: 'red' }])
      expect((await page(merchant, filter)).statusCode, JSON.stringify(filter)).toBe(400);
    const sorted = await merchant.list('/v1/invoice/collections', { sort: ['password', 'ASC'] });
    expect(sorted.statusCode).toBe(400);
    const found = await everything(merchant, { q: 'REN-' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => row.reference_no.startsWith('REN-'))).toBe(true);
  });

  it('sends a reminder once a day per row, by SMS in the tenant’s language, logged on the row', async () => {
    const rows = await everything(merchant, { kind: 'rent_invoice' });
    const row = rows.find((candidate) => candidate.can_remind) as CollectionRow;
    expect(row).toBeDefined();
    const before = (await server.deliverMail()).length;
    const sent = await merchant.post('/v1/invoice/collections/remind', { id: row.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: row.id, can_remind: false });
    expect(sent.json().last_reminder_at).toBeTruthy();
    const messages = (await server.deliverMail()).slice(before);
    const sms = messages.find((message) => message.channel === 'sms' && message.body.includes(row.reference_no));
    expect(sms, JSON.stringify(messages)).toBeDefined();
    const [tenant] = await server.app.bawaba.db.query<{ mobile: string; language: string | null }>(
      `select t.mobile, t.language from rent_invoices r join tenants t on t.id = r.tenant_id where r.id = $1::integer`,
      [row.record_id],
    );
    expect(sms?.recipient).toBe(tenant.mobile);
    expect(sms?.language).toBe(tenant.language ?? 'en');

    const again = await merchant.post('/v1/invoice/collections/remind', { id: row.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A reminder of this was already sent today: the next one can go tomorrow.');
    expect((await server.deliverMail()).length).toBe(before + messages.length);

    // The next Kuwait day, one more.
    const tomorrow = Date.now() + 86_400_000;
    setClock(() => new Date(tomorrow));
    expect((await merchant.post('/v1/invoice/collections/remind', { id: row.id })).statusCode).toBe(200);
  });

  it('cannot remind a row with nobody to send it to, nor one that is not owed', async () => {
    const rows = await everything(merchant);
    const nobody = rows.find((row) => row.customer_name === null);
    if (nobody) {
      expect(nobody.can_remind).toBe(false);
      const refused = await merchant.post('/v1/invoice/collections/remind', { id: nobody.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('There is no mobile or e-mail address to send a reminder to.');
    }
    // A deposit paid is owed no more.
    const [paid] = (await merchant.list('/v1/deposits', { filter: { status: 'paid' }, range: [0, 0] })).json() as {
      id: number;
    }[];
    expect((await merchant.post('/v1/invoice/collections/remind', { id: `deposit-${paid.id}` })).statusCode).toBe(404);
    expect((await merchant.post('/v1/invoice/collections/remind', { id: 'rent_invoice' })).statusCode).toBe(400);
  });

  it('shows nobody another merchant’s rows, and an employee only the kinds they may list', async () => {
    const mine = await everything(merchant);
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    const theirs = await everything(vendor);
    const own = new Set(mine.map((row) => row.reference_no));
    expect(theirs.filter((row) => own.has(row.reference_no))).toEqual([]);
    expect(theirs.some((row) => row.kind === 'rent_invoice' || row.kind === 'deposit')).toBe(false);
    const rent = mine.find((row) => row.kind === 'invoice') as CollectionRow;
    expect((await vendor.post('/v1/invoice/collections/remind', { id: rent.id })).statusCode).toBe(404);

    const staff = await Client.signIn(server.app, ACCOUNTS.staff);
    const seen = await everything(staff);
    expect(seen.some((row) => row.kind === 'rent_invoice' || row.kind === 'deposit')).toBe(false);
    expect((await new Client(server.app).get('/v1/invoice/collections')).statusCode).toBe(401);
  });
});
