import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, totalOf } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';
import { noPermissions } from '../../src/server/merchants/permissions';

const none = noPermissions();
const newEmployee = {
  name: 'سارة المطيري',
  email: 'sara@demo.test',
  designation: 'Cashier',
  password: 'Sara@1234',
  permissions: { ...none, general: ['invoices'] },
};

describe.each(DRIVERS)('employees: an encrypted resource (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const list = async (client: Client, query: unknown, locale: 'en' | 'ar' = 'en') =>
    client.get('/v1/employees', { query: { data: await client.encrypt(query) }, locale });
  const write = async (client: Client, method: 'POST' | 'PUT', url: string, record: unknown) =>
    client.request(method, url, { body: { data: await client.encrypt(record) } });

  it('lists with the query encrypted in `data`, never returning passwords', async () => {
    const response = await list(merchant, { filter: {}, range: [0, 9], sort: ['name', 'ASC'] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('employee 0-3/4');
    const employees = response.json();
    expect(employees.map((employee: { email: string }) => employee.email)).toContain(ACCOUNTS.staff.email);
    for (const employee of employees) {
      expect(employee).not.toHaveProperty('password');
      expect(employee.user_id).toMatch(/^EMP-\d{4}$/);
    }
    const searched = await list(merchant, { filter: { q: 'bader' } });
    expect(searched.json().map((employee: { name: string }) => employee.name)).toEqual(['Bader Al-Shatti']);
    const designation = await list(merchant, { filter: { designation: 'account' } });
    expect(designation.json().map((employee: { email: string }) => employee.email)).toEqual(['layla@demo.test']);
  });

  it('validates the decrypted query like a plain one', async () => {
    const short = await list(merchant, { filter: { q: 'ba' } }, 'ar');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ q: 'نص البحث ثلاثة أحرف على الأقل' });
    const extra = await list(merchant, { filter: {}, page: 2 });
    expect(extra.json().errors).toEqual({ page: 'This field is not allowed' });
  });

  it('creates from an encrypted body; the password is stored as a scrypt hash and signs in', async () => {
    const response = await write(merchant, 'POST', '/v1/employees', newEmployee);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: newEmployee.name,
      email: newEmployee.email,
      user_id: expect.stringMatching(/^EMP-\d{4}$/),
    });
    expect(created).not.toHaveProperty('password');
    const [row] = await server.app.bawaba.db.query<{ password: string }>(
      `select password from employees where id = $1::integer`,
      [created.id],
    );
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.password).not.toContain(newEmployee.password);
    const sara = await Client.signIn(server.app, newEmployee);
    expect((await sara.get('/v1/profile')).json()).toMatchObject({
      role: 'employee',
      permissions: { general: ['invoices'] },
    });
    expect((await merchant.get(`/v1/employees/${created.id}`)).json()).not.toHaveProperty('password');
  });

  it('keeps the password when an update leaves it out, and changes it when given', async () => {
    const created = (
      await write(merchant, 'POST', '/v1/employees', { ...newEmployee, email: 'omar@demo.test' })
    ).json();
    const { password: _password, ...withoutPassword } = newEmployee;
    const kept = await write(merchant, 'PUT', `/v1/employees/${created.id}`, {
      ...withoutPassword,
      email: 'omar@demo.test',
      designation: 'Lead',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().designation).toBe('Lead');
    expect(
      (await merchant.post('/v1/login', { email: 'omar@demo.test', password: newEmployee.password })).statusCode,
    ).toBe(200);
    await write(merchant, 'PUT', `/v1/employees/${created.id}`, {
      ...newEmployee,
      email: 'omar@demo.test',
      password: 'Omar@5678',
    });
    expect(
      (await merchant.post('/v1/login', { email: 'omar@demo.test', password: newEmployee.password })).statusCode,
    ).toBe(401);
    expect((await merchant.post('/v1/login', { email: 'omar@demo.test', password: 'Omar@5678' })).statusCode).toBe(200);
  });

  it('validates the decrypted record with the entity schema, in the request language', async () => {
    const response = await merchant.request('POST', '/v1/employees', {
      body: {
        data: await merchant.encrypt({ ...newEmployee, email: 'x@demo.test', password: 'weak', permissions: none }),
      },
      locale: 'ar',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      password: 'يجب أن تتكون كلمة المرور من ستة أحرف على الأقل وتحتوي على رمز ورقم وحرف كبير وحرف صغير',
      permissions: 'يجب اختيار صلاحية واحدة على الأقل',
    });
  });

  it('refuses an e-mail any account already signs in with (409)', async () => {
    for (const email of [ACCOUNTS.vendor.email, ACCOUNTS.staff.email.toUpperCase()]) {
      const response = await write(merchant, 'POST', '/v1/employees', { ...newEmployee, email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'This value is already in use',
        errors: { email: 'This value is already in use' },
      });
    }
  });

  it('refuses tampered or foreign ciphertext, and plain bodies and queries', async () => {
    const before = totalOf(await list(merchant, {}));
    const sealed = await merchant.encrypt({ ...newEmployee, email: 'tamper@demo.test' });
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    const foreign = await vendor.encrypt({ ...newEmployee, email: 'tamper@demo.test' });
    for (const data of [tampered, foreign, 'not base64!', 'AAAA']) {
      const response = await merchant.post('/v1/employees', { data }, { locale: 'ar' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'تعذّرت قراءة البيانات المشفّرة',
        errors: { data: 'تعذّرت قراءة البيانات المشفّرة' },
      });
    }
    const plain = await merchant.post('/v1/employees', newEmployee);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe('The encrypted data could not be read');
    const plainQuery = await merchant.list('/v1/employees', { filter: {} });
    expect(plainQuery.statusCode).toBe(400);
    const badQuery = await merchant.get('/v1/employees', { query: { data: tampered } });
    expect(badQuery.statusCode).toBe(400);
    expect(totalOf(await list(merchant, {}))).toBe(before);
  });

  it('deleting an employee ends their sign-in and frees their e-mail', async () => {
    const account = { ...newEmployee, email: 'temp@demo.test' };
    const created = (await write(merchant, 'POST', '/v1/employees', account)).json();
    const temp = await Client.signIn(server.app, account);
    expect((await merchant.delete(`/v1/employees/${created.id}`)).statusCode).toBe(200);
    expect((await temp.get('/v1/profile')).statusCode).toBe(401);
    expect((await merchant.post('/v1/login', { email: account.email, password: account.password })).statusCode).toBe(
      401,
    );
    expect((await write(merchant, 'POST', '/v1/employees', account)).statusCode).toBe(201);
  });
});
