import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../src/server/db/database';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer, merchantIdOf } from './helpers/server';

const good = [
  { row: 2, values: { customer_name: 'Bulk Ahmed', mobile: '96550000101', amount: '12.5', title: 'Catering' } },
  { row: 3, values: { customer_name: 'بلك نورة', mobile: '96550000102', amount: '7', email: 'noura@example.com' } },
  {
    row: 5,
    values: { customer_name: 'Bulk Fatima', mobile: '96550000103', amount: '10.500', expiry_date: '2027-02-01' },
  },
];
const bad = [
  { row: 6, values: { customer_name: 'Bulk Bad', mobile: '123', amount: '-5' } },
  { row: 7, values: { mobile: '96550000105', amount: 'abc', email: 'not-an-email' } },
];

describe.each(DRIVERS)('bulk SMS invoices by upload (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const db = () => server.app.bawaba.db;
  const counts = async () => {
    const [row] = await db().query<{ invoices: number; uploads: number; sms: number }>(
      `select (select count(*) from invoices)::integer as invoices,
              (select count(*) from bulk_uploads)::integer as uploads,
              (select count(*) from outbox where channel = 'sms')::integer as sms`,
    );
    return row;
  };
  const invoicesNamed = (pattern: string) =>
    db().query<Row>(`select * from invoices where customer_name like $1::text order by id`, [pattern]);

  it('refuses a file with invalid rows: each row, field and message, in the caller’s language, and writes nothing', async () => {
    const before = await counts();
    const english = await merchant.post('/v1/invoice-bulk-upload', {
      file_name: 'mixed.csv',
      rows: [...good, ...bad],
    });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      message: '2 rows are not valid invoices; nothing was created',
      invalid_rows: 2,
      rows: expect.arrayContaining([
        { row: 6, field: 'mobile', message: 'Mobile number must have at least 11 digits including the country code' },
        { row: 6, field: 'amount', message: 'Enter valid amount' },
        { row: 7, field: 'customer_name', message: 'This field is required' },
        { row: 7, field: 'amount', message: 'Enter valid amount' },
        { row: 7, field: 'email', message: 'Enter a valid e-mail address' },
      ]),
    });
    expect(english.json().rows).toHaveLength(5);

    const arabic = await merchant.post(
      '/v1/invoice-bulk-upload',
      { file_name: 'mixed.csv', rows: bad },
      { locale: 'ar' },
    );
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().message).toBe('صفّان غير صالحين كفاتورتين؛ لم يتم إنشاء أي شيء');
    expect(arabic.json().rows).toContainEqual({ row: 7, field: 'customer_name', message: 'هذا الحقل مطلوب' });
    expect(arabic.json().rows).toContainEqual({ row: 6, field: 'amount', message: 'أدخل مبلغًا صحيحًا' });

    expect(await counts()).toEqual(before);
  });

  it('refuses fields outside the file’s columns (a kind, a split) and an empty upload', async () => {
    const before = await counts();
    const sneaky = await merchant.post('/v1/invoice-bulk-upload', {
      file_name: 'sneaky.csv',
      rows: [{ row: 2, values: { ...good[0].values, kind: 'split', split_parts: 3 } }],
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().rows).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'kind', message: 'This field is not allowed' },
        { row: 2, field: 'split_parts', message: 'This field is not allowed' },
      ]),
    );
    const empty = await merchant.post('/v1/invoice-bulk-upload', { file_name: 'empty.csv', rows: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has no valid invoice to create');
    expect(await counts()).toEqual(before);
  });

  it('creates exactly the rows sent as bulk invoices, with references, payment links and their SMS', async () => {
    const before = await counts();
    const response = await merchant.post('/v1/invoice-bulk-upload', {
      file_name: 'march.xlsx',
      invalid_rows: 2,
      rows: good,
    });
    expect(response.statusCode, response.body).toBe(201);
    const upload = response.json();
    expect(upload).toMatchObject({
      id: expect.any(Number),
      file_name: 'march.xlsx',
      total_rows: 5,
      valid_rows: 3,
      invalid_rows: 2,
      total_amount: '30.000',
      status: 'completed',
    });
    expect(upload).not.toHaveProperty('scheduled_at');

    const after = await counts();
    expect(after.invoices - before.invoices).toBe(3);
    expect(after.uploads - before.uploads).toBe(1);
    expect(after.sms - before.sms).toBe(3);

    const invoices = await invoicesNamed('Bulk %');
    const arabic = await invoicesNamed('بلك %');
    const created = [...invoices, ...arabic].sort((a, b) => Number(a.id) - Number(b.id));
    expect(created.map((invoice) => [invoice.customer_name, invoice.amount, invoice.kind, invoice.status])).toEqual([
      ['Bulk Ahmed', '12.500', 'bulk', 'unpaid'],
      ['بلك نورة', '7.000', 'bulk', 'unpaid'],
      ['Bulk Fatima', '10.500', 'bulk', 'unpaid'],
    ]);
    const references = created.map((invoice) => String(invoice.reference_no));
    for (const reference of references) expect(reference).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(new Set(references).size).toBe(3);
    expect(references).toEqual([...references].sort());
    for (const invoice of created) {
      expect(invoice.payment_link).toBe(`https://pay.example.test/smspay/${invoice.reference_no}`);
      expect(invoice.payment_methods).toEqual(['card']);
      expect(invoice.sms_status).toBe('pending');
      expect(invoice.merchant_id).toBe(upload.merchant_id ?? invoice.merchant_id);
    }
    expect(created[2].expiry_date).toBe('2027-02-01');

    // The API shows them as any other invoice, with the same generated values.
    const shown = (await merchant.get(`/v1/invoice/${created[0].id}`)).json();
    expect(shown).toMatchObject({ kind: 'bulk', reference_no: references[0], payment_link: created[0].payment_link });

    const sms = await db().query<Row>(
      `select recipient, body, invoice_id, status from outbox where invoice_id = any($1::text::integer[]) order by id`,
      [`{${created.map((invoice) => invoice.id).join(',')}}`],
    );
    expect(sms.map((message) => [message.recipient, message.invoice_id])).toEqual(
      created.map((invoice) => [invoice.mobile, invoice.id]),
    );
    sms.forEach((message, i) => expect(message.body).toContain(String(created[i].payment_link)));

    // Delivered like every invoice's SMS: the invoice's SMS status follows.
    const delivered = await server.deliverMail();
    for (const invoice of created) expect(delivered.map((message) => message.recipient)).toContain(invoice.mobile);
    const statuses = await db().query<{ sms_status: string }>(
      `select sms_status from invoices where id = any($1::text::integer[])`,
      [`{${created.map((invoice) => invoice.id).join(',')}}`],
    );
    expect(statuses.map((row) => row.sms_status)).toEqual(['sent', 'sent', 'sent']);

    // And the upload is listed, newest first.
    const listed = await merchant.list('/v1/invoice-bulk-upload', { range: [0, 0], sort: ['created_at', 'DESC'] });
    expect(listed.json()[0]).toMatchObject({ id: upload.id, file_name: 'march.xlsx' });
  });

  it('schedules the SMS of an upload with a send time: invoices now, no SMS until then', async () => {
    const before = await counts();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const response = await merchant.post('/v1/invoice-bulk-upload', {
      file_name: 'later.csv',
      scheduled_at: at,
      rows: [{ row: 2, values: { customer_name: 'Scheduled Bulk', mobile: '96550000201', amount: '3.250' } }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'scheduled',
      scheduled_at: at,
      valid_rows: 1,
      total_amount: '3.250',
    });
    const [invoice] = await invoicesNamed('Scheduled Bulk');
    expect(invoice).toMatchObject({ kind: 'bulk', sms_status: 'scheduled' });
    const after = await counts();
    expect(after.invoices - before.invoices).toBe(1);
    expect(after.sms - before.sms).toBe(0);

    const past = await merchant.post('/v1/invoice-bulk-upload', {
      file_name: 'past.csv',
      scheduled_at: new Date(Date.now() - 3_600_000).toISOString(),
      rows: good.slice(0, 1),
    });
    expect(past.statusCode).toBe(400);
    expect((await counts()).invoices).toBe(after.invoices);
  });

  // Scheduled, so that 6,000 SMS do not keep the outbox (and the embedded database) busy for the next tests.
  it('takes thousands of rows in one body, in batches, each with its own reference', async () => {
    const before = await counts();
    const rows = Array.from({ length: 6_000 }, (_, i) => ({
      row: i + 2,
      values: {
        customer_name: `Many ${i} ${'x'.repeat(100)}`,
        mobile: String(96551000000 + i),
        amount: '1.250',
        description: 'd'.repeat(120),
      },
    }));
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(1_048_576);
    const scheduled_at = new Date(Date.now() + 86_400_000).toISOString();
    const response = await merchant.post('/v1/invoice-bulk-upload', { file_name: 'many.csv', scheduled_at, rows });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
    expect(response.json()).toMatchObject({ valid_rows: 6_000, total_amount: '7500.000' });
    const after = await counts();
    expect(after.invoices - before.invoices).toBe(6_000);
    expect(after.sms - before.sms).toBe(0);
    const [distinct] = await db().query<{ references: number; first: string; last: string }>(
      `select count(distinct reference_no)::integer as references,
              min(customer_name) filter (where mobile = '96551000000') as first,
              min(customer_name) filter (where mobile = '96551005999') as last
       from invoices where customer_name like 'Many %'`,
    );
    expect(distinct.references).toBe(6_000);
    expect(distinct.first).toMatch(/^Many 0 /);
    expect(distinct.last).toMatch(/^Many 5999 /);
  });

  it('documents the create beside the list, and still refuses what uploads do not offer', async () => {
    const { paths } = (await merchant.get('/v1/openapi.json')).json();
    expect(Object.keys(paths['/v1/invoice-bulk-upload']).sort()).toEqual(['get', 'post']);
    expect(paths['/v1/invoice-bulk-upload'].post.requestBody).toBeDefined();
    const [first] = (await merchant.list('/v1/invoice-bulk-upload', { range: [0, 0] })).json();
    const update = await merchant.put(`/v1/invoice-bulk-upload/${first.id}`, { file_name: 'renamed.csv' });
    expect(update.statusCode).toBe(405);
    expect(update.headers.allow).toBe('GET');
  });

  it('keeps an upload to its merchant', async () => {
    const created = await merchant.post('/v1/invoice-bulk-upload', { file_name: 'mine.csv', rows: good.slice(0, 1) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    expect((await vendor.get(`/v1/invoice-bulk-upload/${id}`)).statusCode).toBe(404);
    const theirs = await vendor.list('/v1/invoice-bulk-upload', { range: [0, 499] });
    expect(theirs.json().map((upload: Row) => upload.id)).not.toContain(id);
    const [invoice] = await db().query<{ merchant_id: number }>(
      `select merchant_id from invoices where reference_no = (select max(reference_no) from invoices where customer_name = 'Bulk Ahmed')`,
    );
    expect(invoice.merchant_id).toBe(await merchantIdOf(server, ACCOUNTS.merchant.email));
    expect(totalOf(await merchant.list('/v1/invoice-bulk-upload', { range: [0, 0] }))).toBeGreaterThan(0);
  });

  it('lets in an employee with bulk SMS, and refuses one without it (403) and anyone signed out (401)', async () => {
    const staff = await Client.signIn(server.app, ACCOUNTS.staff);
    const allowed = await staff.post('/v1/invoice-bulk-upload', { file_name: 'staff.csv', rows: good.slice(0, 1) });
    expect(allowed.statusCode, allowed.body).toBe(201);

    const email = `single-sms-${driver}@demo.test`;
    const employee = await merchant.post('/v1/employees', {
      data: await merchant.encrypt({
        name: 'Single SMS only',
        email,
        password: 'Single@1234',
        permissions: { general: ['invoices'], sms: ['single_sms'] },
      }),
    });
    expect(employee.statusCode, employee.body).toBe(201);
    const single = await Client.signIn(server.app, { email, password: 'Single@1234' });
    const before = await counts();
    const refused = await single.post('/v1/invoice-bulk-upload', { file_name: 'no.csv', rows: good });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to do this' });
    const anonymous = await new Client(server.app).post('/v1/invoice-bulk-upload', { file_name: 'no.csv', rows: good });
    expect(anonymous.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
