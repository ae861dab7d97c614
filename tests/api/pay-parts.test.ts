import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/schema/calendar';
import { partsOf } from '../../src/server/payments/parts';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, kuwaitDate, partsOfInvoice, Payer, transactionsOf } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Split, instalment and group invoices: made of parts when created, each part paid on its own link,
 * the invoice active while some are paid and paid when all are.
 */

const owner = { customer_name: 'Fahad Al-Enezi', mobile: '96560001234' };
const success = { method: 'card' as const, card: card(TEST_CARDS.success) };

describe.each(DRIVERS)('paying invoices part by part (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let payer: Payer;
  let payerAr: Payer;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    payer = new Payer(server);
    payerAr = new Payer(server, 'ar');
  });
  afterAll(() => server?.close());

  it('makes the parts again when an unpaid invoice is changed, shows them on the invoice, and refuses changes once something is paid', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'split',
      split_parts: 3,
      amount: '9.000',
    });
    const summary = invoice.parts as { amount: string; status: string }[];
    expect(summary.map((part) => [part.amount, part.status])).toEqual([
      ['3.000', 'unpaid'],
      ['3.000', 'unpaid'],
      ['3.000', 'unpaid'],
    ]);
    const changed = await merchant.put(`/v1/invoice/${invoice.id}`, {
      ...owner,
      kind: 'split',
      split_parts: 2,
      amount: '5.001',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const parts = await partsOfInvoice(server, invoice.id);
    expect(parts.map((part) => [part.reference_no, part.amount])).toEqual([
      [`${invoice.reference_no}-1`, '2.501'],
      [`${invoice.reference_no}-2`, '2.500'],
    ]);
    expect(changed.json().parts).toHaveLength(2);

    const paid = await payer.paid(`${invoice.reference_no}-1`, success);
    const active = (await merchant.get(`/v1/invoice/${invoice.id}`)).json();
    expect(active).toMatchObject({ status: 'active', paid_amount: '2.501' });
    expect(active.parts[0]).toMatchObject({
      seq: 1,
      status: 'paid',
      transaction_reference: paid.transaction_reference,
    });
    expect(active.parts[1]).toMatchObject({ seq: 2, status: 'unpaid' });

    const refused = await merchant.put(`/v1/invoice/${invoice.id}`, { ...owner, amount: '1.000' }, { locale: 'ar' });
    expect(refused.statusCode).toBe(409);
    const english = await merchant.put(`/v1/invoice/${invoice.id}`, { ...owner, amount: '1.000' });
    expect(english.json().message).toBe('This is not possible while the status is Active.');
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({ amount: '5.001' });
  });

  it('drops the parts of an invoice changed to be paid in one go', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'instalment',
      instalments: 2,
      amount: '4.000',
    });
    const quick = await merchant.put(`/v1/invoice/${invoice.id}`, { ...owner, kind: 'quick', amount: '4.000' });
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().group_link).toBeUndefined();
    expect(quick.json().parts).toBeUndefined();
    expect(await partsOfInvoice(server, invoice.id)).toEqual([]);
    await payer.paid(invoice.reference_no, success);
    const later = await merchant.put(`/v1/invoice/${invoice.id}`, { ...owner, amount: '1.000' });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe('This is not possible while the status is Paid.');
  });

  it('splits an amount into parts that sum to it exactly, and follows their payments', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'split',
      split_parts: 3,
      amount: '10.000',
    });
    expect(invoice.group_link).toBe(`https://pay.example.test/sp/${invoice.reference_no}`);
    const parts = await partsOfInvoice(server, invoice.id);
    expect(parts.map((part) => [part.seq, part.reference_no, part.amount, part.status, part.customer_name])).toEqual([
      [1, `${invoice.reference_no}-1`, '3.334', 'unpaid', owner.customer_name],
      [2, `${invoice.reference_no}-2`, '3.333', 'unpaid', owner.customer_name],
      [3, `${invoice.reference_no}-3`, '3.333', 'unpaid', owner.customer_name],
    ]);
    // What the SMS of each part are written from.
    const exported = await partsOf(server.app.bawaba.db, Number(parts[0].merchant_id), invoice.id);
    expect(exported.map((part) => part.reference_no)).toEqual(parts.map((part) => part.reference_no));

    const listing = await payer.payable(invoice.reference_no);
    expect(listing).toMatchObject({
      kind: 'parts',
      invoice_kind: 'split',
      state: 'payable',
      amount: '10.000',
      parts: [
        { seq: 1, amount: '3.334', state: 'payable', customer_name: null, receipt_reference: null },
        { seq: 2, amount: '3.333', state: 'payable' },
        { seq: 3, amount: '3.333', state: 'payable' },
      ],
    });
    // The whole invoice is not paid at once: each part has its link.
    const whole = await payer.pay(invoice.reference_no, success);
    expect([whole.statusCode, whole.json().message]).toEqual([409, 'Choose the part you want to pay']);

    const first = await payer.payable(`${invoice.reference_no}-1`);
    expect(first).toMatchObject({
      kind: 'part',
      invoice_kind: 'split',
      amount: '3.334',
      parent_reference: invoice.reference_no,
      state: 'payable',
    });
    const paid = await payer.paid(`${invoice.reference_no}-1`, success);
    expect(paid.status).toBe('success');
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({
      status: 'active',
      paid_amount: '3.334',
    });
    expect(await transactionsOf(server, `${invoice.reference_no}-1`)).toMatchObject([
      { amount: '3.334', status: 'success', customer_name: owner.customer_name },
    ]);
    const again = await payerAr.pay(`${invoice.reference_no}-1`, success);
    expect([again.statusCode, again.json().message]).toEqual([409, 'تم دفع هذه الفاتورة مسبقًا']);

    await payer.paid(`${invoice.reference_no}-3`, success);
    await payer.paid(`${invoice.reference_no}-2`, success);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({
      status: 'paid',
      paid_amount: '10.000',
    });
    const done = await payer.payable(invoice.reference_no);
    expect(done.state).toBe('paid');
    expect(done.parts.map((part) => [part.state, part.receipt_reference !== null])).toEqual([
      ['paid', true],
      ['paid', true],
      ['paid', true],
    ]);
  });

  it('gives remainder fils to the first parts', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'split',
      split_parts: 4,
      amount: '0.007',
    });
    expect((await partsOfInvoice(server, invoice.id)).map((part) => part.amount)).toEqual([
      '0.002',
      '0.002',
      '0.002',
      '0.001',
    ]);
  });

  it('plans instalments a month apart and takes them in order', async () => {
    const due = kuwaitDate(5);
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'instalment',
      instalments: 3,
      amount: '100.000',
      due_date: due,
    });
    const parts = await partsOfInvoice(server, invoice.id);
    expect(parts.map((part) => [part.amount, part.due_date])).toEqual([
      ['33.334', due],
      ['33.333', addMonths(due, 1)],
      ['33.333', addMonths(due, 2)],
    ]);
    const listing = await payer.payable(invoice.reference_no);
    expect(listing.parts.map((part) => part.state)).toEqual(['payable', 'not_yet_due', 'not_yet_due']);

    const early = await payer.pay(`${invoice.reference_no}-2`, success);
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'This instalment can be paid once the previous one is paid',
    ]);
    expect((await payer.payable(`${invoice.reference_no}-2`)).state).toBe('not_yet_due');
    expect(await transactionsOf(server, `${invoice.reference_no}-2`)).toEqual([]);

    await payer.paid(`${invoice.reference_no}-1`, success);
    expect((await payer.payable(`${invoice.reference_no}-2`)).state).toBe('payable');
    await payer.paid(`${invoice.reference_no}-2`, success);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({
      status: 'active',
      paid_amount: '66.667',
    });
  });

  it('starts instalments today without a due date', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'instalment',
      instalments: 2,
      amount: '1.000',
    });
    expect((await partsOfInvoice(server, invoice.id)).map((part) => part.due_date)).toEqual([
      kuwaitDate(0),
      addMonths(kuwaitDate(0), 1),
    ]);
  });

  it('asks each group member for the full amount on their own link', async () => {
    const members = [
      await created(merchant, '/v1/customers', { name: 'Mariam Al-Shammari', mobile: '96590001111' }),
      await created(merchant, '/v1/customers', { name: 'يوسف الحربي', mobile: '96590002222' }),
    ];
    const invoice = await created(merchant, '/v1/invoice', {
      kind: 'group',
      amount: '15.000',
      title: 'Trip to Failaka',
      customer_ids: members.map((member) => member.id),
    });
    expect(invoice.group_link).toBe(`https://pay.example.test/sp/${invoice.reference_no}`);
    const parts = await partsOfInvoice(server, invoice.id);
    expect(parts.map((part) => [part.customer_id, part.customer_name, part.mobile, part.amount])).toEqual([
      [members[0].id, 'Mariam Al-Shammari', '96590001111', '15.000'],
      [members[1].id, 'يوسف الحربي', '96590002222', '15.000'],
    ]);
    const listing = await payer.payable(invoice.reference_no);
    expect(listing.parts.map((part) => part.customer_name)).toEqual(['Mariam Al-Shammari', 'يوسف الحربي']);
    expect((await payer.payable(`${invoice.reference_no}-2`)).customer_name).toBe('يوسف الحربي');

    await payer.paid(`${invoice.reference_no}-2`, success);
    expect(await transactionsOf(server, `${invoice.reference_no}-2`)).toMatchObject([
      { customer_name: 'يوسف الحربي', customer_mobile: '96590002222', amount: '15.000' },
    ]);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({
      status: 'active',
      paid_amount: '15.000',
    });
    await payer.paid(`${invoice.reference_no}-1`, success);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({
      status: 'paid',
      paid_amount: '30.000',
    });
  });

  it('refuses a group of another merchant’s customers, making nothing', async () => {
    const theirs = await created(vendor, '/v1/customers', { name: 'Someone Else', mobile: '96590003333' });
    const before = await server.app.bawaba.db.query(`select count(*)::integer as n from invoice_parts`);
    const response = await merchant.post('/v1/invoice', { kind: 'group', amount: '5.000', customer_ids: [theirs.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.customer_ids).toBeTruthy();
    expect(await server.app.bawaba.db.query(`select count(*)::integer as n from invoice_parts`)).toEqual(before);
  });

  it('lets two payers of two parts pay at once, and one payer of one part only once', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'split',
      split_parts: 2,
      amount: '8.000',
    });
    const responses = await Promise.all(
      [1, 2, 1, 2, 1, 2, 1, 2, 1, 2].map((seq) => payer.pay(`${invoice.reference_no}-${seq}`, success)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, ...Array<number>(8).fill(409)]);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json()).toMatchObject({
      status: 'paid',
      paid_amount: '8.000',
    });
  });

  it('marks every part paid when the merchant receives the whole amount in cash', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'split',
      split_parts: 2,
      amount: '5.000',
      payment_methods: ['card', 'cash'],
    });
    const cash = await payer.paid(`${invoice.reference_no}-1`, { method: 'cash' });
    expect(cash.status).toBe('pending');
    const marked = await merchant.post(`/v1/invoice/${invoice.id}/mark_paid`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'paid', paid_amount: '5.000' });
    const parts = await partsOfInvoice(server, invoice.id);
    expect(parts.map((part) => part.status)).toEqual(['paid', 'paid']);
    expect(parts[0].transaction_reference).toBe(cash.transaction_reference);
    expect(await transactionsOf(server, `${invoice.reference_no}-1`)).toMatchObject([
      { status: 'success', payment_method: 'cash', amount: '2.500' },
    ]);
  });

  it('expires every part with its invoice', async () => {
    const invoice = await created(merchant, '/v1/invoice', {
      ...owner,
      kind: 'split',
      split_parts: 2,
      amount: '5.000',
      expiry_date: kuwaitDate(3),
    });
    await server.app.bawaba.db.query(`update invoices set expiry_date = $1::date where id = $2::integer`, [
      kuwaitDate(-1),
      invoice.id,
    ]);
    const part = await payer.pay(`${invoice.reference_no}-1`, success);
    expect([part.statusCode, part.json().message]).toEqual([409, 'This payment link has expired']);
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().status).toBe('expired');
    expect((await payer.payable(invoice.reference_no)).parts.map((p) => p.state)).toEqual(['expired', 'expired']);
  });
});
