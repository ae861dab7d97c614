import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';
import { consoleTransport } from '../../src/server/outbox/console-transport';
import { Outbox } from '../../src/server/outbox/outbox';
import { seedDemo } from '../../src/server/seed/seed';
import { searchText } from '../../src/server/storage/list-query';
import { migrate } from '../../src/server/storage/migrate';
import { ACCOUNTS, Client } from './helpers/client';
import { multipart, PNG } from './helpers/files';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/** The invoice schema as a product owner would extend it: one new property, listed and filterable. */
const invoice = entitySchemas.invoice;
const extended: EntitySchema = {
  ...invoice,
  'x-list': { ...invoice['x-list'], filters: [...invoice['x-list'].filters, 'branch'] },
  properties: { ...invoice.properties, branch: { type: 'string', enum: ['salmiya', 'hawalli', 'jahra'] } },
};
/** The employee schema with a photo: an encrypted resource that also takes a file. */
const employee = entitySchemas.employee;
const withPhoto: EntitySchema = {
  ...employee,
  properties: {
    ...employee.properties,
    photo: { type: 'string', maxLength: 300, 'x-file': { accept: ['image/png'], maxBytes: 100_000 } },
  },
};
const entities = Object.values(entitySchemas).map((entity) =>
  entity.$id === 'invoice' ? extended : entity.$id === 'employee' ? withPhoto : entity,
);

describe.each(DRIVERS)('storage derived from the schemas (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver, { entities });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const db = () => server.app.bawaba.db;

  describe('a property added to a schema file', () => {
    it('becomes a column, an index, a validated field, a filter and part of the document', async () => {
      const [column] = await db().query(
        `select data_type from information_schema.columns where table_schema = current_schema() and table_name = 'invoices' and column_name = 'branch'`,
      );
      expect(column).toEqual({ data_type: 'text' });
      const indexes = await db().query<{ indexname: string }>(
        `select indexname from pg_indexes where tablename = 'invoices'`,
      );
      // Followed by the list's default sort, so a filtered page is read in index order.
      expect(indexes.map((index) => index.indexname)).toContain('invoices_list_branch_idx');

      const created = await merchant.post('/v1/invoice', {
        customer_name: 'Branch',
        mobile: '96512345678',
        amount: '5',
        branch: 'jahra',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().branch).toBe('jahra');
      expect(
        (
          await merchant.post('/v1/invoice', { customer_name: 'B', mobile: '96512345678', amount: '5', branch: 'mars' })
        ).json().errors,
      ).toEqual({
        branch: 'Choose one of the listed values',
      });
      const filtered = (await merchant.list('/v1/invoice', { filter: { branch: ['jahra', 'hawalli'] } })).json();
      expect(filtered.map((row: { id: number }) => row.id)).toEqual([created.json().id]);
      const document = (await merchant.get('/v1/openapi.json')).json();
      expect(document.components.schemas['invoice.create'].properties).toHaveProperty('branch');
    });

    it('gives an encrypted resource files too: the sealed record plus the file, in one multipart write', async () => {
      const record = {
        name: 'Photo Person',
        email: 'photo@demo.test',
        password: 'Photo@1234',
        permissions: { general: ['dashboard'] },
      };
      const { body, contentType } = multipart({
        record: JSON.stringify({ data: await merchant.encrypt(record) }),
        photo: { filename: 'me.png', contentType: 'image/png', bytes: PNG },
      });
      const response = await merchant.request('POST', '/v1/employees', {
        body,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        email: 'photo@demo.test',
        photo: expect.stringMatching(/^\/v1\/files\/.+\.png$/),
      });
    });

    it('migrates again without losing data, and seeds only an empty database', async () => {
      const before = await db().query(`select count(*)::integer as n from invoices`);
      await migrate(db(), entities);
      expect(await db().query(`select count(*)::integer as n from invoices`)).toEqual(before);
      expect(await seedDemo(server.app.bawaba)).toBe(false);
    });
  });

  describe('indexes that follow the lists', () => {
    it('reads a filtered page of the default sort in index order, with no sort step', async () => {
      const [merchantRow] = await db().query<{ merchant_id: number }>(
        `select merchant_id from login_identities where email = $1::text`,
        [ACCOUNTS.merchant.email],
      );
      const plan = await db().transaction(async (tx) => {
        await tx.query(`set local enable_seqscan = off`);
        await tx.query(`set local enable_bitmapscan = off`);
        return tx.query<{ 'QUERY PLAN': string }>(
          `explain select id from transactions where merchant_id = ${merchantRow.merchant_id} and status = 'success'
           order by created_at desc nulls last, id desc limit 25`,
        );
      });
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      // Which of the list's indexes the planner takes depends on the statistics of these few rows.
      expect(text).toMatch(/Index (Only )?Scan using transactions_list_\w+_idx/);
      expect(text).not.toMatch(/\bSort\b/);
    });

    it('finds free text through one trigram index over the search columns, in any language', async () => {
      const created = await merchant.post('/v1/invoice', {
        customer_name: 'شركة الخليج للتموين',
        mobile: '96561234987',
        amount: '3.000',
      });
      expect(created.statusCode).toBe(201);
      for (const q of ['للتموين', '1234987', created.json().reference_no.slice(-6)]) {
        const found = (await merchant.list('/v1/invoice', { filter: { q } })).json();
        expect(found.map((row: { id: number }) => row.id)).toContain(created.json().id);
      }
      const plan = await db().transaction(async (tx) => {
        await tx.query(`set local enable_seqscan = off`);
        return tx.query<{ 'QUERY PLAN': string }>(
          `explain select id from invoices where ${searchText(extended)} ilike '%تموين%'`,
        );
      });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/invoices_search_[0-9a-f]{8}_idx/);
    });
  });

  describe('values come back the same on every driver', () => {
    it('normalises money, dates, instants, integers and JSON', async () => {
      const [row] = await db().query(
        `select 12.5::numeric(15,3) as money, 0.001::numeric(15,3) as fils, date '2026-02-28' as day,
           timestamptz '2026-02-28 23:30:00.123456+03' as instant, 42::integer as small, 9007199254740::bigint as big,
           count(*) as counted, '{"a":[1,"ب"]}'::jsonb as doc, true as flag, null::text as nothing
         from (values (1), (2)) as t(x)`,
      );
      expect(row).toEqual({
        money: '12.500',
        fils: '0.001',
        day: '2026-02-28',
        instant: '2026-02-28T20:30:00.123Z',
        small: 42,
        big: 9007199254740,
        counted: 2,
        doc: { a: [1, 'ب'] },
        flag: true,
        nothing: null,
      });
    });

    it('reads JSON parameters as JSON, not as strings', async () => {
      const [row] = await db().query(`select $1::text::jsonb as doc, jsonb_typeof($1::text::jsonb) as kind`, [
        { list: ['x'] },
      ]);
      expect(row).toEqual({ doc: { list: ['x'] }, kind: 'object' });
    });

    it('rolls a failed transaction back', async () => {
      await expect(
        db().transaction(async (tx) => {
          await tx.query(`insert into settings (key, value) values ('probe', 'x')`);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await db().query(`select * from settings where key = 'probe'`)).toEqual([]);
    });
  });

  describe('outbox', () => {
    it('prints one line per message, without what it says, and marks it sent', async () => {
      const lines: string[] = [];
      const outbox = new Outbox(
        db(),
        consoleTransport((line) => lines.push(line)),
      );
      await server.deliverMail();
      await outbox.enqueue(db(), {
        channel: 'email',
        recipient: 'merchant@demo.test',
        subject: 'Your code',
        body: 'Your secret code is 123456.\nIt expires soon.',
        language: 'en',
      });
      expect(await outbox.flush()).toBe(1);
      expect(lines).toEqual(['[outbox] email to merchant@demo.test: Your code (44 characters)']);
      const [row] = await db().query(`select status, sent_at is not null as sent from outbox order by id desc limit 1`);
      expect(row).toEqual({ status: 'sent', sent: true });
    });

    it('keeps a message a transport failed to deliver, retries it, and finally marks it failed', async () => {
      const failures: unknown[] = [];
      const outbox = new Outbox(db(), { deliver: async () => Promise.reject(new Error('gateway down')) }, (error) =>
        failures.push(error),
      );
      await outbox.enqueue(db(), { channel: 'sms', recipient: '96512345678', body: 'Pay here', language: 'ar' });
      await outbox.flush();
      const [pending] = await db().query(`select status, attempts, last_error from outbox order by id desc limit 1`);
      expect(pending).toEqual({ status: 'pending', attempts: 1, last_error: 'gateway down' });
      for (let i = 0; i < 4; i++) await outbox.flush();
      const [failed] = await db().query(`select status, attempts from outbox order by id desc limit 1`);
      expect(failed).toEqual({ status: 'failed', attempts: 5 });
      expect(failures).toHaveLength(5);
    });
  });
});
