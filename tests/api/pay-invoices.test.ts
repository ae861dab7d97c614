import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepPayments } from '../../src/server/payments/sweep';
import { TEST_CARDS } from '../../src/shared/pay';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, kuwaitDate, Payer, rowOf, transactionsOf } from './helpers/pay';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * Paying an invoice in one go through the public payer API: the sandbox processor's test cards,
 * wallets and cash, what a payment writes (transaction, fees, invoice status), the links that
 * cannot be paid, receipts, and two payers at once.
 */

const quick = { kind: 'quick', customer_name: 'Noura Al-Rashidi', mobile: '96550001234', amount: '25.500' };

describe.each(DRIVERS)('paying an invoice (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let payer: Payer;
  let payerAr: Payer;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    payer = new Payer(server);
    payerAr = new Payer(server, 'ar');
  });
  afterAll(() => server?.close());

  const invoice = (extra: Record<string, unknown> = {}) => created(merchant, '/v1/invoice', { ...quick, ...extra });

  it('shows the link, counts visits, and pays it with the success card', async () => {
    const { reference_no: reference, id } = await invoice({
      title: 'Catering',
      payment_methods: ['card', 'apple_pay'],
    });
    const seen = await payer.view(reference, true);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      reference_no: reference,
      kind: 'invoice',
      invoice_kind: 'quick',
      state: 'payable',
      merchant: { name: 'Al Noor Trading Co.' },
      title: 'Catering',
      customer_name: 'Noura Al-Rashidi',
      amount: '25.500',
      currency: 'KWD',
      methods: ['card', 'apple_pay'],
      parts: [],
      in_flight: null,
      receipt_reference: null,
    });
    await payer.view(reference);
    expect((await merchant.get(`/v1/invoice/${id}`)).json().visited_count).toBe(1);

    const result = await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success) });
    expect(result).toMatchObject({ status: 'success', result_code: 'CAPTURED', message: null });
    expect((await merchant.get(`/v1/invoice/${id}`)).json()).toMatchObject({ status: 'paid', paid_amount: '25.500' });
    const [transaction] = await transactionsOf(server, reference);
    expect(transaction).toMatchObject({
      reference_no: result.transaction_reference,
      status: 'success',
      channel: 'payment_link',
      payment_method: 'card',
      card_last4: '1111',
      customer_name: 'Noura Al-Rashidi',
      customer_mobile: '96550001234',
      amount: '25.500',
      admin_charge: '0.638',
      // 2.5% admin charge and the demo merchant's 0.5% card commission (0.1275, half a fils up).
      commission: '0.128',
      net_amount: '24.734',
      pending_amount: '25.500',
      result_code: 'CAPTURED',
    });
    expect(transaction.auth_code).toMatch(/^[0-9]{6}$/);
    expect(transaction.payment_id).toBeTruthy();
    expect(transaction.track_id).toBeTruthy();
    // Only the last four digits are kept, anywhere.
    const stored = JSON.stringify(
      await server.app.bawaba.db.query(`select * from transactions where id = $1::integer`, [transaction.id]),
    );
    expect(stored).not.toContain(TEST_CARDS.success);

    const after = await payer.payable(reference);
    expect(after).toMatchObject({ state: 'paid', receipt_reference: result.transaction_reference });
    const again = await payer.pay(reference, { method: 'card', card: card(TEST_CARDS.success) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice has already been paid');
    expect((await payerAr.pay(reference, { method: 'card', card: card(TEST_CARDS.success) })).json().message).toBe(
      'تم دفع هذه الفاتورة مسبقًا',
    );
    expect(await transactionsOf(server, reference)).toHaveLength(1);
  });

  it('keeps the invoice unpaid after a declined card, with a failed transaction and a message', async () => {
    const { reference_no: reference, id } = await invoice();
    const declined = await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.declined) });
    expect(declined).toMatchObject({
      status: 'failed',
      result_code: 'DECLINED',
      message: 'The payment was declined by the card issuer',
    });
    const poor = await payerAr.paid(reference, { method: 'card', card: card(TEST_CARDS.insufficientFunds) });
    expect(poor).toMatchObject({
      status: 'failed',
      result_code: 'INSUFFICIENT_FUNDS',
      message: 'تم رفض عملية الدفع: الرصيد غير كافٍ',
    });
    // A valid number the sandbox does not know.
    const other = await payer.paid(reference, { method: 'card', card: card('5555 5555 5555 4444') });
    expect(other).toMatchObject({
      status: 'failed',
      result_code: 'NOT_SUPPORTED',
      message: 'This card is not supported',
    });

    expect((await merchant.get(`/v1/invoice/${id}`)).json()).toMatchObject({ status: 'unpaid', paid_amount: '0.000' });
    const transactions = await transactionsOf(server, reference);
    expect(transactions.map((t) => [t.status, t.result_code, t.card_last4, t.admin_charge, t.net_amount])).toEqual([
      ['failed', 'DECLINED', '0002', '0.000', '0.000'],
      ['failed', 'INSUFFICIENT_FUNDS', '9995', '0.000', '0.000'],
      ['failed', 'NOT_SUPPORTED', '4444', '0.000', '0.000'],
    ]);
    expect((await payer.payable(reference)).state).toBe('payable');
    // The link can still be paid.
    expect((await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success) })).status).toBe('success');
  });

  it('refuses invalid card details with field messages in both languages, writing nothing', async () => {
    const { reference_no: reference, id } = await invoice();
    const bad = { method: 'card', card: card('4111111111111112', { expiry: '01/20', cvv: '12' }) };
    const en = await payer.pay(reference, bad);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual({
      'card.number': 'Enter a valid card number',
      'card.expiry': 'Enter a valid expiry date (MM/YY) that has not passed',
      'card.cvv': 'Enter the 3 or 4 digit security code',
    });
    const ar = await payerAr.pay(reference, bad);
    expect(ar.statusCode).toBe(400);
    expect(ar.json().errors['card.number']).toBe('أدخل رقم بطاقة صحيحًا');
    expect(ar.json().errors['card.cvv']).toBe('أدخل رمز الأمان المكوّن من 3 أو 4 أرقام');

    for (const body of [
      { method: 'card' },
      { method: 'card', card: card(TEST_CARDS.success, { expiry: '13/30' }) },
      { method: 'card', card: card(TEST_CARDS.success, { cvv: '12a' }) },
      { method: 'card', card: { number: TEST_CARDS.success, expiry: '12/40' } },
      { method: 'bitcoin' },
      { method: 'card', card: card(TEST_CARDS.success), extra: true },
    ]) {
      const response = await payer.pay(reference, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
      expect(response.body).not.toMatch(/at .*\.ts/);
    }
    // Apple Pay is not one of this invoice's methods.
    const wallet = await payer.pay(reference, { method: 'apple_pay' });
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().errors).toEqual({ method: 'This payment method is not available for this payment' });

    expect(await transactionsOf(server, reference)).toEqual([]);
    expect((await merchant.get(`/v1/invoice/${id}`)).json().status).toBe('unpaid');
  });

  it('says a pending card payment is in flight, refuses another until asked, and settles it apart when both paid', async () => {
    const { reference_no: reference, id } = await invoice();
    const pending = await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.pending) });
    expect(pending).toMatchObject({ status: 'pending', result_code: 'PENDING' });
    expect(pending.message).toMatch(/being processed/);
    expect((await payer.payable(reference)).in_flight).toBe(pending.transaction_reference);

    const refused = await payerAr.pay(reference, { method: 'card', card: card(TEST_CARDS.success) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('معاملتك السابقة قيد المعالجة');
    expect((await payer.pay(reference, { method: 'card', card: card(TEST_CARDS.success) })).json().message).toBe(
      'Your previous transaction is being processed',
    );
    const paid = await payer.paid(reference, {
      method: 'card',
      card: card(TEST_CARDS.success),
      continue_in_flight: true,
    });
    expect(paid.status).toBe('success');
    expect((await merchant.get(`/v1/invoice/${id}`)).json().status).toBe('paid');

    // Ten minutes later the processor says the first was paid too: a success kept apart, to refund.
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await sweepPayments(server.app.bawaba, later)).toBeGreaterThan(0);
    const settled = (await transactionsOf(server, reference)).map((t) => [t.status, t.result_code]);
    expect(settled).toEqual([
      ['success', 'CAPTURED_DUPLICATE'],
      ['success', 'CAPTURED'],
    ]);
  });

  it('pays with a wallet, with the wallet fee', async () => {
    const { reference_no: reference } = await invoice({ amount: '0.025', payment_methods: ['google_pay'] });
    const result = await payer.paid(reference, { method: 'google_pay' });
    expect(result).toMatchObject({ status: 'success', result_code: 'CAPTURED' });
    // 2% of 25 fils is half a fils, rounded up.
    expect(await transactionsOf(server, reference)).toMatchObject([
      { payment_method: 'google_pay', amount: '0.025', admin_charge: '0.001', net_amount: '0.024', card_last4: null },
    ]);
  });

  it('computes card fees exactly in fils', async () => {
    // The demo merchant's card commission is 0.5%, at least 0.050 KWD, never more than is left.
    for (const [amount, fee, commission, net] of [
      ['10.001', '0.250', '0.050', '9.701'],
      ['0.020', '0.001', '0.019', '0.000'],
      ['999.999', '25.000', '5.000', '969.999'],
      ['0.019', '0.000', '0.019', '0.000'],
    ]) {
      const { reference_no: reference } = await invoice({ amount });
      await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success) });
      const [transaction] = await transactionsOf(server, reference);
      expect(
        [transaction.amount, transaction.admin_charge, transaction.commission, transaction.net_amount],
        amount,
      ).toEqual([amount, fee, commission, net]);
    }
  });

  it('waits for the merchant to confirm a cash payment, then marks it paid', async () => {
    const { reference_no: reference, id } = await invoice({ payment_methods: ['cash'] });
    const cash = await payer.paid(reference, { method: 'cash' });
    expect(cash).toMatchObject({ status: 'pending', result_code: 'CASH_PENDING' });
    expect(cash.message).toMatch(/cash/);
    // Choosing cash again is the same waiting payment; it is not "in flight".
    expect((await payer.paid(reference, { method: 'cash' })).transaction_reference).toBe(cash.transaction_reference);
    expect((await payer.payable(reference)).in_flight).toBeNull();

    const marked = await merchant.post(`/v1/invoice/${id}/mark_paid`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'paid', paid_amount: '25.500' });
    expect(await transactionsOf(server, reference)).toMatchObject([
      {
        reference_no: cash.transaction_reference,
        status: 'success',
        payment_method: 'cash',
        admin_charge: '0.000',
        net_amount: '25.500',
      },
    ]);
    expect(await payer.payable(reference)).toMatchObject({
      state: 'paid',
      receipt_reference: cash.transaction_reference,
    });
  });

  it('records a cash payment when the merchant marks an invoice paid the payer never opened', async () => {
    const { reference_no: reference, id } = await invoice();
    expect((await merchant.post(`/v1/invoice/${id}/mark_paid`)).statusCode).toBe(200);
    expect(await transactionsOf(server, reference)).toMatchObject([
      { status: 'success', payment_method: 'cash', amount: '25.500' },
    ]);
  });

  it('refuses expired, cancelled and unknown links in both languages', async () => {
    const expired = await invoice({ expiry_date: kuwaitDate(1) });
    await server.app.bawaba.db.query(`update invoices set expiry_date = $1::date where id = $2::integer`, [
      kuwaitDate(-1),
      expired.id,
    ]);
    expect((await payer.payable(expired.reference_no)).state).toBe('expired');
    expect((await rowOf(server, 'invoices', expired.reference_no)).status).toBe('expired');
    const late = await payer.pay(expired.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    expect([late.statusCode, late.json().message]).toEqual([409, 'This payment link has expired']);
    expect((await payerAr.pay(expired.reference_no, { method: 'cash' })).json().message).toBe(
      'انتهت صلاحية رابط الدفع هذا',
    );

    // The last day is still payable.
    const lastDay = await invoice({ expiry_date: kuwaitDate(0) });
    expect((await payer.payable(lastDay.reference_no)).state).toBe('payable');

    const cancelled = await invoice();
    expect((await merchant.post(`/v1/invoice/${cancelled.id}/cancel`)).statusCode).toBe(200);
    expect((await payer.payable(cancelled.reference_no)).state).toBe('cancelled');
    const refused = await payer.pay(cancelled.reference_no, { method: 'card', card: card(TEST_CARDS.success) });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This payment link has been cancelled']);
    expect(await transactionsOf(server, cancelled.reference_no)).toEqual([]);

    for (const [client, message] of [
      [payer, 'This payment link is not valid'],
      [payerAr, 'رابط الدفع هذا غير صالح'],
    ] as const) {
      const unknown = await client.view('INV-1999-000001');
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, message]);
      expect((await client.pay('INV-1999-000001', { method: 'cash' })).statusCode).toBe(404);
    }
  });

  it('answers receipts of payments, and 404 for unknown ones', async () => {
    const { reference_no: reference } = await invoice({ amount: '7.250' });
    const result = await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success) });
    const response = await payer.receipt(result.transaction_reference);
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json();
    expect(receipt).toMatchObject({
      transaction_reference: result.transaction_reference,
      invoice_reference: reference,
      merchant: { name: 'Al Noor Trading Co.' },
      customer_name: 'Noura Al-Rashidi',
      amount: '7.250',
      currency: 'KWD',
      method: 'card',
      status: 'success',
      result_code: 'CAPTURED',
      card_last4: '1111',
    });
    expect(receipt.auth_code).toMatch(/^[0-9]{6}$/);
    expect(new Date(receipt.created_at).toISOString()).toBe(receipt.created_at);

    const unknown = await payerAr.receipt('000000000000');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'لم يتم العثور على إيصال لهذا المرجع']);
  });

  it('lets exactly one of ten payers at once pay an invoice', async () => {
    const { reference_no: reference, id } = await invoice();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => payer.pay(reference, { method: 'card', card: card(TEST_CARDS.success) })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().message).toBe('This invoice has already been paid');
    const transactions = await transactionsOf(server, reference);
    expect(transactions.map((t) => t.status)).toEqual(['success']);
    expect((await merchant.get(`/v1/invoice/${id}`)).json()).toMatchObject({ status: 'paid', paid_amount: '25.500' });
  });

  it('writes nothing of a payment that fails half-way', async () => {
    const { reference_no: reference, id } = await invoice();
    const store = server.app.bawaba.stores.get('invoice');
    if (!store) throw new Error('No invoice store');
    const update = vi.spyOn(store, 'update').mockRejectedValueOnce(new Error('disk full'));
    try {
      const failed = await payer.pay(reference, { method: 'card', card: card(TEST_CARDS.success) });
      expect([failed.statusCode, failed.json()]).toEqual([500, { message: 'Sorry, an error has occured' }]);
    } finally {
      update.mockRestore();
    }
    expect(await transactionsOf(server, reference)).toEqual([]);
    expect((await merchant.get(`/v1/invoice/${id}`)).json()).toMatchObject({ status: 'unpaid', paid_amount: '0.000' });
    expect((await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success) })).status).toBe('success');
  });

  it('announces final payments to the invoice webhook', async () => {
    const { reference_no: reference } = await invoice({ webhook_url: 'https://merchant.example.test/hooks/pay' });
    await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.declined) });
    await payer.paid(reference, { method: 'card', card: card(TEST_CARDS.success) });
    const deliveries = await server.app.bawaba.db.query<{ event: string; url: string; invoice_reference: string }>(
      `select event, url, invoice_reference from webhook_deliveries where invoice_reference = $1::text order by id`,
      [reference],
    );
    expect(deliveries).toEqual([
      { event: 'payment.failed', url: 'https://merchant.example.test/hooks/pay', invoice_reference: reference },
      { event: 'payment.success', url: 'https://merchant.example.test/hooks/pay', invoice_reference: reference },
    ]);
  });

  it('documents the payer API in the OpenAPI document', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const paths = response.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/v1/pay/{reference}', '/v1/pay/receipt/{transactionReference}']),
    );
    expect(paths['/v1/pay/{reference}'].post.security).toEqual([]);
    expect(Object.keys(response.json().components.schemas)).toEqual(
      expect.arrayContaining(['payable', 'pay-request', 'pay-result', 'receipt']),
    );
  });
});
