import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { reconcile } from '../../src/server/ledger/balances';
import { sweepPayments } from '../../src/server/payments/sweep';
import { migrate } from '../../src/server/storage/migrate';
import { switchService } from '../../src/server/support/services';
import { fromFils, toFils } from '../../src/shared/money';
import { TEST_CARDS } from '../../src/shared/pay';
import type { TenantAccount, TenantReceipts } from '../../src/shared/tenant-pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, type Row } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { depositOf, payTokenOf, rentInvoiceOf, tenantOf, unitsOf } from './helpers/tenants';

/**
 * A tenant's link (`/tenant/payments/{token}`): an unguessable token names the tenant; the page
 * lists only their own unpaid rent invoices and card deposits; several are paid at once by one card
 * payment of their exact sum through the payment flow (fees, ledger), all or nothing; the receipts
 * say what each payment paid.
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

describe.each(DRIVERS)("a tenant's link (%s)", (driver) => {
  let server: TestServer;
  let merchant: Client;
  let merchantId: number;
  let anonymous: Client;
  let units: Row[];

  beforeAll(async () => {
    // The lookups' own limits have a suite of their own, below.
    server = await startServer(driver, { rateLimits: { tenantLink: { max: 100, windowMs: 60_000 } } });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    anonymous = new Client(server.app);
    units = await unitsOf(merchant, 'Tenant Link Tower', 11);
  });
  afterAll(() => server?.close());

  const db = () => server.app.bawaba.db;
  const account = (token: string, locale: 'en' | 'ar' = 'en') => anonymous.get(`/v1/pay/tenant/${token}`, { locale });
  const pay = (token: string, body: unknown, locale: 'en' | 'ar' = 'en') =>
    anonymous.post(`/v1/pay/tenant/${token}`, body, { locale });
  const statusOf = async (table: string, reference: string) =>
    (await db().query<Row>(`select * from ${table} where reference_no = $1::text`, [reference]))[0];

  it('gives every tenant an unguessable token of their own, never returned and never written by a client', async () => {
    const first = await tenantOf(merchant, units[0], { name: 'Token One', mobile: '96550101001' });
    const second = await tenantOf(merchant, units[1], { name: 'Token Two', mobile: '96550101002' });
    const [one, two] = [await payTokenOf(server, first.id), await payTokenOf(server, second.id)];
    expect(one).toMatch(TOKEN);
    expect(two).toMatch(TOKEN);
    expect(one).not.toBe(two);
    // Every tenant has one, the demo's too, and no two are the same.
    const [counts] = await db().query<{ tenants: number; tokens: number }>(
      `select count(*)::integer as tenants, count(distinct pay_token)::integer as tokens from tenants`,
    );
    expect(counts.tokens).toBe(counts.tenants);

    expect((await merchant.get(`/v1/tenants/${first.id}`)).json()).not.toHaveProperty('pay_token');
    expect(JSON.stringify((await merchant.list('/v1/tenants')).json())).not.toContain(one);
    const written = await merchant.post('/v1/tenants', {
      name: 'Token Chosen',
      mobile: '96550101003',
      unit_id: units[2].id,
      contract_start: '2026-01-01',
      contract_end: '2026-06-30',
      rent_period: 'monthly',
      invoice_sending_day: 1,
      pay_token: 'a'.repeat(43),
    });
    expect(written.statusCode).toBe(400);
    const replaced = await merchant.put(`/v1/tenants/${first.id}`, {
      ...((await merchant.get(`/v1/tenants/${first.id}`)).json() as Row),
      pay_token: 'b'.repeat(43),
    });
    expect(replaced.statusCode).toBe(400);
    expect(await payTokenOf(server, first.id)).toBe(one);
  });

  it('gives tenants made before the token existed one when the database is migrated', async () => {
    const tenant = await tenantOf(merchant, units[3], { name: 'Token Older', mobile: '96550101004' });
    await db().query(`update tenants set pay_token = null where id = $1::integer`, [tenant.id]);
    await migrate(db(), server.app.bawaba.entities);
    const token = await payTokenOf(server, tenant.id);
    expect(token).toMatch(TOKEN);
    expect((await account(token)).statusCode).toBe(200);
  });

  it('opens only with the token: not with the id, a wrong or a cut token, in either language', async () => {
    const tenant = await tenantOf(merchant, units[4], { name: 'Token Needed', mobile: '96550101005' });
    const token = await payTokenOf(server, tenant.id);
    for (const attempt of [String(tenant.id), token.slice(0, 42), `${token.slice(0, 42)}x`, 'A'.repeat(43)]) {
      const response = await account(attempt);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(en.app.message.tenant_link_unknown);
      expect((await pay(attempt, { items: [], method: 'card' })).statusCode).not.toBe(200);
    }
    expect((await account('nope', 'ar')).json().message).toBe(ar.app.message.tenant_link_unknown);
    expect((await anonymous.get(`/v1/pay/tenant/${token}/receipts`)).statusCode).toBe(200);
    expect((await anonymous.get(`/v1/pay/tenant/${String(tenant.id)}/receipts`)).statusCode).toBe(404);
  });

  it("pays a rent invoice and a deposit at once, exact in fils, through fees and the ledger; others' stay out", async () => {
    const renter = await tenantOf(merchant, units[5], {
      name: 'Salem Both',
      mobile: '96550202001',
      civil_id: '287010100001',
    });
    const neighbour = await tenantOf(merchant, units[6], { name: 'Noura Next', mobile: '96550202002' });
    const rent = await rentInvoiceOf(merchant, renter);
    const deposit = await depositOf(merchant, renter, '150.255');
    const otherRent = await rentInvoiceOf(merchant, neighbour);
    const cashDeposit = await depositOf(merchant, renter, '75.000', 'Parking deposit');
    expect((await merchant.post(`/v1/deposits/${cashDeposit.id}/switch_to_cash`)).statusCode).toBeLessThan(300);
    const token = await payTokenOf(server, renter.id);

    const page = (await account(token)).json() as TenantAccount;
    expect(page.tenant_name).toBe('Salem Both');
    expect(page.unit_name).toBe(units[5].name);
    // Their own unpaid rent and card deposit only: not the neighbour's, not a deposit paid in cash.
    expect(page.due.map((item) => [item.kind, item.reference_no, item.amount])).toEqual([
      ['rent_invoice', rent.reference_no, rent.amount],
      ['deposit', deposit.reference_no, '150.255'],
    ]);
    expect(page.due[0]).toMatchObject({ period_start: rent.period_start, due_date: rent.due_date, overdue: false });
    expect(page.methods).toEqual(['card']);

    // The neighbour's invoice cannot be paid with this link: refused, nothing written.
    const before = await reconcile(db(), merchantId);
    const foreign = await pay(token, {
      items: [
        { kind: 'rent_invoice', reference_no: rent.reference_no },
        { kind: 'rent_invoice', reference_no: otherRent.reference_no },
      ],
      method: 'card',
      card: card(TEST_CARDS.success),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(en.validation.tenant_item_unknown);
    expect((await statusOf('rent_invoices', rent.reference_no)).status).toBe('unpaid');
    expect((await db().query(`select 1 from tenant_payments where tenant_id = $1::integer`, [renter.id])).length).toBe(
      0,
    );

    const items = [
      { kind: 'rent_invoice', reference_no: rent.reference_no },
      { kind: 'deposit', reference_no: deposit.reference_no },
    ];
    const paid = await pay(token, { items, method: 'card', card: card(TEST_CARDS.success) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success', result_code: 'CAPTURED' });

    const sum = fromFils((toFils(String(rent.amount)) ?? 0n) + 150_255n);
    const [transaction] = await db().query<Row>(
      `select reference_no, invoice_reference, status, amount::text as amount, admin_charge::text as admin_charge,
              commission::text as commission, net_amount::text as net_amount, customer_name, customer_mobile
       from transactions where reference_no = $1::text`,
      [paid.json().transaction_reference],
    );
    expect(transaction).toMatchObject({ status: 'success', amount: sum, customer_name: 'Salem Both' });
    expect(String(transaction.invoice_reference)).toMatch(/^TNP-\d{4}-\d{6}$/);
    const fees = ['admin_charge', 'commission', 'net_amount'].map((name) => toFils(String(transaction[name])) ?? 0n);
    expect(fees[0]).toBeGreaterThan(0n);
    expect(fromFils(fees[0] + fees[1] + fees[2])).toBe(sum);
    const after = await reconcile(db(), merchantId);
    expect(after.difference).toBe(0n);
    expect(after.balances.merchant_balance - before.balances.merchant_balance).toBe(fees[2]);

    const rentRow = await statusOf('rent_invoices', rent.reference_no);
    expect(rentRow.status).toBe('paid');
    expect(rentRow.paid_at).toBeTruthy();
    expect((await statusOf('deposits', deposit.reference_no)).status).toBe('paid');
    expect((await statusOf('rent_invoices', otherRent.reference_no)).status).toBe('unpaid');
    expect((await merchant.get(`/v1/tenants/${renter.id}`)).json()).toMatchObject({ payment_status: 'paid' });
    expect((await account(token)).json().due).toEqual([]);

    const receipts = (await anonymous.get(`/v1/pay/tenant/${token}/receipts`)).json() as TenantReceipts;
    expect(receipts.receipts).toHaveLength(1);
    expect(receipts.receipts[0]).toMatchObject({
      transaction_reference: transaction.reference_no,
      payment_reference: transaction.invoice_reference,
      amount: sum,
      method: 'card',
      status: 'success',
      card_last4: '1111',
    });
    expect(receipts.receipts[0].items.map((item) => [item.reference_no, item.amount])).toEqual([
      [rent.reference_no, rent.amount],
      [deposit.reference_no, '150.255'],
    ]);

    // Paid: a second payment of the same items is refused, and the payment reference is no public link.
    const again = await pay(token, { items, method: 'card', card: card(TEST_CARDS.success) }, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ar.app.message.tenant_items_changed);
    expect((await anonymous.get(`/v1/pay/${String(transaction.invoice_reference)}`)).statusCode).toBe(404);
    const direct = await anonymous.post(`/v1/pay/${String(transaction.invoice_reference)}`, {
      method: 'card',
      card: card(TEST_CARDS.success),
    });
    expect(direct.statusCode).toBe(404);
    // The neighbour's page still shows theirs, and none of this tenant's.
    const neighbourPage = (await account(await payTokenOf(server, neighbour.id))).json() as TenantAccount;
    expect(neighbourPage.due.map((item) => item.reference_no)).toEqual([otherRent.reference_no]);
    expect(neighbourPage.receipts_count).toBe(0);
  });

  it("keeps another merchant's tenants and items out of this tenant's link", async () => {
    await switchService(db(), ACCOUNTS.vendor.email, 'property_management', true);
    const vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    const [vendorUnit] = await unitsOf(vendor, 'Souq Flats', 1, '120.000');
    const vendorTenant = await tenantOf(vendor, vendorUnit, { name: 'Vendor Tenant', mobile: '96550505001' });
    const vendorDeposit = await depositOf(vendor, vendorTenant, '60.000');
    const tenant = await tenantOf(merchant, units[7], { name: 'Own Tenant', mobile: '96550505002' });
    const rent = await rentInvoiceOf(merchant, tenant);
    const token = await payTokenOf(server, tenant.id);

    const own = (await account(token)).json() as TenantAccount;
    expect(own.due.map((item) => item.reference_no)).toEqual([rent.reference_no]);
    const theirs = (await account(await payTokenOf(server, vendorTenant.id))).json() as TenantAccount;
    expect(theirs.due.map((item) => item.reference_no)).toEqual([vendorDeposit.reference_no]);
    expect(theirs.merchant.name).not.toBe(own.merchant.name);

    const refused = await pay(
      token,
      {
        items: [{ kind: 'deposit', reference_no: vendorDeposit.reference_no }],
        method: 'card',
        card: card(TEST_CARDS.success),
      },
      'ar',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ar.validation.tenant_item_unknown);
    expect((await statusOf('deposits', vendorDeposit.reference_no)).status).toBe('unpaid');
  });

  it('charges nothing for a refused card: nothing paid, no fees, the ledger as it was', async () => {
    const tenant = await tenantOf(merchant, units[8], { name: 'Refused Card', mobile: '96550303001' });
    const rent = await rentInvoiceOf(merchant, tenant);
    const deposit = await depositOf(merchant, tenant, '99.999');
    const token = await payTokenOf(server, tenant.id);
    const items = [
      { kind: 'deposit', reference_no: deposit.reference_no },
      { kind: 'rent_invoice', reference_no: rent.reference_no },
    ];
    const before = await reconcile(db(), merchantId);
    const declined = await pay(token, { items, method: 'card', card: card(TEST_CARDS.declined) }, 'ar');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'failed', message: ar.app.message.pay_declined });
    const after = await reconcile(db(), merchantId);
    expect(after.balances).toEqual(before.balances);
    expect(after.difference).toBe(0n);
    const [transaction] = await db().query<Row>(
      `select status, admin_charge::text as admin_charge, net_amount::text as net_amount from transactions
       where reference_no = $1::text`,
      [declined.json().transaction_reference],
    );
    expect(transaction).toMatchObject({ status: 'failed', admin_charge: '0.000', net_amount: '0.000' });
    expect((await statusOf('rent_invoices', rent.reference_no)).status).toBe('unpaid');
    expect((await statusOf('deposits', deposit.reference_no)).status).toBe('unpaid');
    expect(((await anonymous.get(`/v1/pay/tenant/${token}/receipts`)).json() as TenantReceipts).receipts).toEqual([]);

    // A card number the processor refuses outright is a field error, in the payer's language; nothing is kept.
    const bad = await pay(token, { items, method: 'card', card: card('4111111111111112') }, 'ar');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toContain('card.number');
    const none = await pay(token, { items: [], method: 'card', card: card(TEST_CARDS.success) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(en.validation.tenant_items_required);

    // The same items chosen again are the same payment, so the next card pays them both.
    const paid = await pay(token, { items: [...items].reverse(), method: 'card', card: card(TEST_CARDS.success) });
    expect(paid.json().status).toBe('success');
    const payments = await db().query<Row>(`select reference_no from tenant_payments where tenant_id = $1::integer`, [
      tenant.id,
    ]);
    expect(payments).toHaveLength(1);
    expect((await statusOf('deposits', deposit.reference_no)).status).toBe('paid');
  });

  it('settles a payment left pending as any other: all its items once the processor says paid, none twice', async () => {
    const tenant = await tenantOf(merchant, units[10], { name: 'Pending Card', mobile: '96550606001' });
    const rent = await rentInvoiceOf(merchant, tenant);
    const deposit = await depositOf(merchant, tenant, '40.040');
    const token = await payTokenOf(server, tenant.id);
    const both = [
      { kind: 'rent_invoice', reference_no: rent.reference_no },
      { kind: 'deposit', reference_no: deposit.reference_no },
    ];
    const pending = await pay(token, { items: both, method: 'card', card: card(TEST_CARDS.pending) });
    expect(pending.json()).toMatchObject({ status: 'pending', result_code: 'PENDING' });
    expect((await account(token)).json().in_flight).toBe(pending.json().transaction_reference);
    expect((await statusOf('rent_invoices', rent.reference_no)).status).toBe('unpaid');

    // The deposit alone overlaps the payment in flight: refused until the tenant goes on anyway.
    const alone = [{ kind: 'deposit', reference_no: deposit.reference_no }];
    const refused = await pay(token, { items: alone, method: 'card', card: card(TEST_CARDS.success) }, 'ar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ar.app.message.pay_in_flight);
    const deposited = await pay(token, {
      items: alone,
      method: 'card',
      card: card(TEST_CARDS.success),
      continue_in_flight: true,
    });
    expect(deposited.json().status).toBe('success');

    // Ten minutes later the processor says the first was paid: a success kept apart, which pays nothing twice.
    expect(await sweepPayments(server.app.bawaba, new Date(Date.now() + 11 * 60_000))).toBeGreaterThan(0);
    const [late] = await db().query<Row>(`select status, result_code from transactions where reference_no = $1::text`, [
      pending.json().transaction_reference,
    ]);
    expect(late).toMatchObject({ status: 'success', result_code: 'CAPTURED_DUPLICATE' });
    expect((await statusOf('rent_invoices', rent.reference_no)).status).toBe('unpaid');
    expect((await statusOf('deposits', deposit.reference_no)).status).toBe('paid');

    // The rent alone, left pending and then paid by the processor, is paid by the sweep.
    const rentOnly = [{ kind: 'rent_invoice', reference_no: rent.reference_no }];
    const second = await pay(token, { items: rentOnly, method: 'card', card: card(TEST_CARDS.pending) });
    expect(second.json().status).toBe('pending');
    await sweepPayments(server.app.bawaba, new Date(Date.now() + 22 * 60_000));
    expect((await statusOf('rent_invoices', rent.reference_no)).status).toBe('paid');
    const receipts = (await anonymous.get(`/v1/pay/tenant/${token}/receipts`)).json() as TenantReceipts;
    expect(receipts.receipts.map((receipt) => receipt.items.map((item) => item.reference_no))).toEqual([
      [rent.reference_no],
      [deposit.reference_no],
    ]);
  });

  it('sends the link again by civil id, by SMS only, answering the same for an unknown civil id', async () => {
    const tenant = await tenantOf(merchant, units[9], {
      name: 'Lost Link',
      mobile: '96550404001',
      civil_id: '290010100002',
      language: 'ar',
    });
    const token = await payTokenOf(server, tenant.id);
    const outbox = (mobile: string) =>
      db().query<Row>(`select body, language from outbox where recipient = $1::text order by id`, [mobile]);
    const lookup = (query: Record<string, string>, locale: 'en' | 'ar' = 'en') =>
      anonymous.get('/v1/pay/tenant-link', { query, locale });

    const known = await lookup({ merchantId: String(merchantId), civil_id: '290010100002' });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json()).toEqual({ message: en.app.message.tenant_link_sent });
    expect(known.body).not.toContain(token);
    const messages = await outbox('96550404001');
    expect(messages).toHaveLength(1);
    const [sms] = messages;
    // In the tenant's language, with their link opening in it.
    expect(sms).toMatchObject({ language: 'ar' });
    expect(String(sms.body)).toContain(`https://pay.example.test/tenant/payments/${token}?lng=ar`);

    const sent = await db().query(`select count(*)::integer as n from outbox`);
    const unknown = await lookup({ merchantId: String(merchantId), civil_id: '290010100003' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    // Another merchant's tenants are not this merchant's.
    const vendorId = await merchantIdOf(server, ACCOUNTS.vendor.email);
    expect((await lookup({ merchantId: String(vendorId), civil_id: '290010100002' })).body).toBe(known.body);
    expect(await db().query(`select count(*)::integer as n from outbox`)).toEqual(sent);

    // The merchant's page names the merchant; an id of none is not found.
    const page = await anonymous.get(`/v1/pay/tenant-link/${merchantId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ name: expect.any(String) });
    for (const id of ['2000000000', '9999999999', '0', 'x'])
      expect((await anonymous.get(`/v1/pay/tenant-link/${id}`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await lookup({ merchantId: '9999999999', civil_id: '290010100002' })).body).toBe(known.body);

    const arabic = await lookup({ merchantId: String(merchantId), civil_id: '2900101' }, 'ar');
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().errors.civil_id).toBe(ar.validation.civil_id_digits);
    expect((await lookup({ civil_id: '290010100002' })).statusCode).toBe(400);
  });

  it('limits the lookups of one address, and of one civil id whatever the address', async () => {
    const limited = await startServer(driver, {
      trustProxy: 1,
      rateLimits: { tenantLink: { max: 2, windowMs: 60_000 } },
    });
    try {
      const id = String(await merchantIdOf(limited, ACCOUNTS.merchant.email));
      const from = (address: string, civilId: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/v1/pay/tenant-link',
          query: { merchantId: id, civil_id: civilId },
          headers: { 'x-forwarded-for': address, locale: 'ar' },
        });
      expect((await from('10.1.1.1', '280010100001')).statusCode).toBe(200);
      expect((await from('10.1.1.1', '280010100002')).statusCode).toBe(200);
      const third = await from('10.1.1.1', '280010100003');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(ar.app.message.too_many_requests);
      // One civil id asked from many addresses: its own limit.
      expect((await from('10.1.1.2', '280010100009')).statusCode).toBe(200);
      expect((await from('10.1.1.3', '280010100009')).statusCode).toBe(200);
      expect((await from('10.1.1.4', '280010100009')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
