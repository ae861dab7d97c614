import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Saved views of lists (`x-resource.perUser`): each signed-in account — a merchant's admin and
 * each of its employees — keeps its own; another account's, of the same merchant or not, is not
 * found, and cannot be changed or deleted.
 */

const LIST = '/report/payment-transactions';
const view = (name: string) => ({
  name,
  list: LIST,
  filters: { created_at_gte: '2026-11-01', created_at_lte: '2026-11-28', status: ['success'] },
  columns: ['reference_no', 'amount', 'status'],
  sort: { field: 'amount', order: 'DESC' },
});

describe.each(DRIVERS)('saved views (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  let vendor: Client;
  let savedId: number;

  beforeAll(async () => {
    server = await startServer(driver);
    [merchant, staff, vendor] = await Promise.all([
      Client.signIn(server.app, ACCOUNTS.merchant),
      Client.signIn(server.app, ACCOUNTS.staff),
      Client.signIn(server.app, ACCOUNTS.vendor),
    ]);
  });
  afterAll(() => server?.close());

  const names = async (client: Client, filter: Record<string, unknown> = {}) => {
    const response = await client.list('/v1/saved-views', { filter, range: [0, 99], sort: ['name', 'ASC'] });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { name: string }[]).map(({ name }) => name);
  };

  it('saves the filters, columns and sort of a list under a name, as the account’s own', async () => {
    const response = await merchant.post('/v1/saved-views', view('Successful this month'));
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json();
    expect(saved).toMatchObject(view('Successful this month'));
    expect(saved.owner).toMatch(/^merchant:\d+$/);
    savedId = saved.id;
    const read = await merchant.get(`/v1/saved-views/${savedId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().filters).toEqual(view('x').filters);
  });

  it('lists only the caller’s own views, per list', async () => {
    const staffSaved = await staff.post('/v1/saved-views', view('Mine'));
    expect(staffSaved.statusCode, staffSaved.body).toBe(201);
    expect(staffSaved.json().owner).toMatch(/^employee:\d+$/);
    expect(await names(merchant)).toEqual(['Successful this month']);
    expect(await names(staff)).toEqual(['Mine']);
    expect(await names(vendor)).toEqual([]);
    expect(await names(merchant, { list: '/invoice/invoice-list' })).toEqual([]);
  });

  it('answers 404, in the caller’s language, for another account’s view, and changes nothing', async () => {
    for (const client of [staff, vendor]) {
      const read = await client.get(`/v1/saved-views/${savedId}`, { locale: 'ar' });
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toMatch(/[\u0600-\u06FF]/);
      const english = await client.get(`/v1/saved-views/${savedId}`);
      expect(english.statusCode).toBe(404);
      expect(english.json().message).toMatch(/not found/i);
      const replaced = await client.put(`/v1/saved-views/${savedId}`, view('Taken over'));
      expect(replaced.statusCode).toBe(404);
      const deleted = await client.delete(`/v1/saved-views/${savedId}`);
      expect(deleted.statusCode).toBe(404);
    }
    expect((await merchant.get(`/v1/saved-views/${savedId}`)).json().name).toBe('Successful this month');
  });

  it('refuses a second view of the same name for the same list, with a message in the caller’s language', async () => {
    const again = await merchant.post('/v1/saved-views', view('  successful THIS month '), { locale: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ name: 'You already have a view with this name for this list' });
    const arabic = await merchant.post('/v1/saved-views', view('Successful this month'), { locale: 'ar' });
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().errors).toEqual({ name: 'لديك بالفعل عرض بهذا الاسم لهذه القائمة' });
    // Another account, or another list, may use the name.
    expect((await staff.post('/v1/saved-views', view('Successful this month'))).statusCode).toBe(201);
    const otherList = await merchant.post('/v1/saved-views', { ...view('Successful this month'), list: '/refund' });
    expect(otherList.statusCode).toBe(201);
    expect(await names(merchant, { list: LIST })).toEqual(['Successful this month']);
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = await names(merchant);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...view('x'), name: '' }, 'name'],
      [{ ...view('x'), name: 'n'.repeat(61) }, 'name'],
      [{ name: 'No list' }, 'list'],
      [{ ...view('x'), filters: 'status=success' }, 'filters'],
      [{ ...view('x'), sort: { field: 'amount', order: 'UP' } }, 'sort'],
      [{ ...view('x'), owner: 'merchant:1' }, 'owner'],
    ];
    for (const [body, field] of cases) {
      const response = await merchant.post('/v1/saved-views', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json();
      expect(answer.message).toEqual(expect.any(String));
      expect(Object.keys(answer.errors ?? {}).join(' ')).toContain(field);
    }
    expect(await names(merchant)).toEqual(before);
  });

  it('lets the owner rename and delete its view', async () => {
    const renamed = await merchant.put(`/v1/saved-views/${savedId}`, view('Paid, November'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().owner).toMatch(/^merchant:\d+$/);
    const deleted = await merchant.delete(`/v1/saved-views/${savedId}`);
    expect(deleted.statusCode).toBe(200);
    expect((await merchant.get(`/v1/saved-views/${savedId}`)).statusCode).toBe(404);
    expect(await names(staff, { list: LIST })).toEqual(['Mine', 'Successful this month']);
  });

  it('has no export: a saved view is no one’s report', async () => {
    expect((await merchant.get('/v1/saved-views/export')).statusCode).toBe(404);
  });
});
