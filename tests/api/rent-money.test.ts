import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../src/schema/calendar';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, kuwaitDate, type Row } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Rent's money from real events: a tenant pays a rent invoice and a deposit together on their
 * page; the asset report's collected, due and overdue come from those invoices and that payment;
 * the change history records the invoice issued and paid; the deposit is refunded at the end of
 * the contract through the refunds, to the fil, and only then.
 */

describe.each(DRIVERS)('rent money (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const today = kuwaitDate(0);
  const ok = async (response: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as Row;
  };

  let tenantId: number;
  let unitId: number;
  let assetId: number;
  let contractId: number;
  let rent: Row;
  let deposit: Row;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    const [category] = (await merchant.list('/v1/asset-categories', { filter: { status: 'active' } })).json() as Row[];
    const [unitCategory] = (await merchant.list('/v1/unit-categories')).json() as Row[];
    const asset = await ok(
      await merchant.post('/v1/assets', {
        name: 'Money Tower',
        category_id: category.id,
        classification: 'residential',
        number_of_units: 1,
        units: [{ name: 'M1', category_id: unitCategory.id, rent_amount: '412.345' }],
      }),
      201,
    );
    assetId = asset.id;
    const [unit] = (await merchant.list('/v1/units', { filter: { asset_id: asset.id } })).json() as Row[];
    unitId = unit.id;
    const start = addMonths(today, -1);
    const tenant = await ok(
      await merchant.post('/v1/tenants', {
        name: 'Huda Al-Mansour',
        mobile: '96550099887',
        unit_id: unit.id,
        contract_start: start,
        contract_end: addDays(addMonths(start, 12), -1),
        rent_period: 'monthly',
        invoice_sending_day: 1,
      }),
      201,
    );
    tenantId = tenant.id;
    // Saving the tenant with its unit and dates made its contract.
    const [contract] = (await merchant.list('/v1/contracts', { filter: { tenant_id: tenant.id } })).json() as Row[];
    contractId = contract.id;
    rent = await ok(await merchant.post('/v1/rent-invoices/issue', { id: tenantId }), 201);
    deposit = await ok(await merchant.post('/v1/deposits', { tenant_id: tenantId, amount: '412.345' }), 201);
  });
  afterAll(() => server?.close());

  const report = async (month: string) => {
    const response = await ok(await merchant.get('/v1/asset/report', { query: { month } }));
    return (response.assets as Row[]).find((row) => row.id === assetId) as Row;
  };

  it('reports the rent due and, once its due date passes unpaid, overdue; nothing collected without a payment', async () => {
    const month = String(rent.due_date).slice(0, 7);
    const row = await report(month);
    expect(row).toMatchObject({ rent_due: rent.amount, collected: '0.000', rented: 1 });
    expect(row.overdue).toBe(String(rent.due_date) < today ? rent.amount : '0.000');
  });

  it('collects what the tenant paid, rent and deposit together, and the history says the invoice was issued and paid', async () => {
    const [{ pay_token: token }] = await server.app.bawaba.db.query<{ pay_token: string }>(
      `select pay_token from tenants where id = $1::integer`,
      [tenantId],
    );
    const paid = await new Client(server.app).post(`/v1/pay/tenant/${token}`, {
      items: [
        { kind: 'rent_invoice', reference_no: rent.reference_no },
        { kind: 'deposit', reference_no: deposit.reference_no },
      ],
      method: 'card',
      card: card(TEST_CARDS.success),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('success');

    const row = await report(String(rent.due_date).slice(0, 7));
    // The deposit is no rent: what was collected is the rent invoice's share of the payment, exactly.
    expect(row).toMatchObject({ rent_due: '412.345', collected: '412.345', overdue: '0.000' });

    const history = (
      await merchant.list('/v1/change-history', { filter: { entity: 'rent_invoice', record_id: rent.id } })
    ).json() as Row[];
    // Issued: the invoice's name set from nothing; paid: its status from unpaid.
    expect(
      history.find((entry) => entry.old_value === undefined && entry.new_value === rent.reference_no),
    ).toBeDefined();
    expect(history.find((entry) => entry.field === 'status')).toMatchObject({ old_value: 'unpaid', new_value: 'paid' });
  });

  it('refunds a card deposit only once the contract has ended, through the refunds, to the fil', async () => {
    expect((await ok(await merchant.get(`/v1/deposits/${deposit.id}`))).status).toBe('paid');
    const early = await merchant.post(`/v1/deposits/${deposit.id}/refund`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe('This is not possible while the status is Paid.');

    await ok(await merchant.post(`/v1/contracts/${contractId}/terminate`, { reason: 'End of lease' }));
    expect((await ok(await merchant.get(`/v1/units/${unitId}`))).rental_status).toBe('available');
    expect((await ok(await merchant.get(`/v1/deposits/${deposit.id}`))).status).toBe('refundable');

    const asked = await ok(await merchant.post(`/v1/deposits/${deposit.id}/refund`));
    expect(asked.status).toBe('refunding');
    const refund = await ok(await merchant.get(`/v1/refund/${asked.refund_id}`));
    expect(refund).toMatchObject({ refund_amount: '412.345', method: 'partial', status: 'pending' });
    expect((await merchant.post(`/v1/deposits/${deposit.id}/refund`)).statusCode).toBe(409);

    // Paid today: the refund waits its 20 minutes, then the scheduler processes it.
    await server.app.scheduler.tick(new Date(Date.parse(String(refund.process_after)) + 1_000));
    expect((await ok(await merchant.get(`/v1/refund/${refund.id}`))).status).toBe('processed');
    expect((await ok(await merchant.get(`/v1/deposits/${deposit.id}`))).status).toBe('refunded');
    const transaction = await ok(await merchant.get(`/v1/report/transactions/${refund.transaction_id}`));
    expect(transaction).toMatchObject({ refunded_amount: '412.345', status: 'success' });
    const history = (
      await merchant.list('/v1/change-history', { filter: { entity: 'deposit', record_id: deposit.id } })
    ).json() as Row[];
    expect(
      history
        .filter((entry) => entry.field === 'status')
        .map((entry) => entry.new_value)
        .sort(),
    ).toEqual(['paid', 'refundable', 'refunded', 'refunding']);
  });

  it('keeps a deposit paid in cash, after the contract too: it is given back by hand', async () => {
    const cash = await ok(await merchant.post('/v1/deposits', { tenant_id: tenantId, amount: '50.000' }), 201);
    expect((await merchant.post(`/v1/deposits/${cash.id}/refund`)).statusCode).toBe(409);
    await ok(await merchant.post(`/v1/deposits/${cash.id}/switch_to_cash`));
    await ok(await merchant.post(`/v1/deposits/${cash.id}/mark_paid`));
    expect((await ok(await merchant.get(`/v1/deposits/${cash.id}`))).status).toBe('paid');
    const refused = await merchant.inLocale('ar').post(`/v1/deposits/${cash.id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect((await ok(await merchant.get(`/v1/deposits/${cash.id}`))).status).toBe('paid');
  });
});
