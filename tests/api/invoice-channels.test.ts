import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * How an invoice reaches the payer (`send_via`): an SMS, a WhatsApp message with the same text, an
 * e-mail with the link, or nothing at all when the merchant shares the link themselves; each
 * channel needs its own permission (`sms.single_sms`, `sms.whatsapp`, `sms.email`, `sms.url`) to
 * create such an invoice and to resend it.
 */

type Row = Record<string, unknown> & { id: number; reference_no: string };
interface OutboxRow extends Record<string, unknown> {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  language: string;
}

const LINK = 'https://pay.example.test/smspay/';
const FORBIDDEN = { en: 'You do not have permission to do this', ar: 'ليست لديك صلاحية للقيام بذلك' };
const quick = {
  kind: 'quick',
  customer_name: 'Noura',
  mobile: '96550001234',
  email: 'noura@example.com',
  amount: '25.5',
};

describe.each(DRIVERS)('invoice channels (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let staff: Client;
  /** An employee holding the invoices and the WhatsApp channel only. */
  let layla: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
    await server.app.bawaba.db.query(
      `update employees set permissions = '{"general": ["dashboard", "invoices"], "sms": ["whatsapp"]}'::jsonb
       where email = 'layla@demo.test'`,
    );
    layla = await Client.signIn(server.app, { email: 'layla@demo.test', password: 'Layla@1234' });
  });
  afterAll(() => server?.close());

  const messagesOf = (invoiceId: number) =>
    server.app.bawaba.db.query<OutboxRow>(
      `select channel, recipient, subject, body, language from outbox where invoice_id = $1::integer order by id`,
      [invoiceId],
    );
  const invoiceCount = async () =>
    (await server.app.bawaba.db.query<{ n: number }>(`select count(*)::integer as n from invoices`))[0].n;
  const create = async (client: Client, body: Record<string, unknown>) => {
    const response = await client.post('/v1/invoice', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Row;
  };

  it('sends an SMS to the mobile by default, and says so on the invoice', async () => {
    const invoice = await create(merchant, quick);
    expect(invoice).toMatchObject({ send_via: 'sms', sms_status: 'pending' });
    const messages = await messagesOf(invoice.id);
    expect(messages.map(({ channel, recipient }) => ({ channel, recipient }))).toEqual([
      { channel: 'sms', recipient: '96550001234' },
    ]);
  });

  it('sends a WhatsApp message with the text of the SMS, whose delivery the message status follows', async () => {
    const sms = await create(merchant, quick);
    const whatsapp = await create(merchant, { ...quick, send_via: 'whatsapp' });
    expect(whatsapp).toMatchObject({ send_via: 'whatsapp', sms_status: 'pending' });
    const [[bySms], messages] = [await messagesOf(sms.id), await messagesOf(whatsapp.id)];
    expect(messages).toEqual([
      {
        ...bySms,
        channel: 'whatsapp',
        body: bySms.body.replaceAll(sms.reference_no, whatsapp.reference_no),
      },
    ]);
    expect(messages[0].body).toContain(`${LINK}${whatsapp.reference_no}`);
    const delivered = await server.deliverMail();
    expect(delivered.some((message) => message.channel === 'whatsapp' && message.invoiceId === whatsapp.id)).toBe(true);
    expect((await merchant.get(`/v1/invoice/${whatsapp.id}`)).json().sms_status).toBe('sent');
  });

  it("e-mails the payment link to the invoice's e-mail, and sends no SMS", async () => {
    const invoice = await create(merchant, { ...quick, send_via: 'email' });
    expect(invoice).toMatchObject({ send_via: 'email', sms_status: 'pending' });
    const messages = await messagesOf(invoice.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', recipient: 'noura@example.com', language: 'en' });
    expect(messages[0].subject).toBe(`Invoice ${invoice.reference_no}: 25.500 KWD`);
    expect(messages[0].body).toContain(`Please pay 25.500 KWD for invoice ${invoice.reference_no}`);
    expect(messages[0].body).toContain(`${LINK}${invoice.reference_no}`);
    await server.deliverMail();
    expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().sms_status).toBe('sent');
  });

  it("writes the e-mail in the caller's language when the merchant has no SMS language of its own", async () => {
    await server.app.bawaba.db.query(
      `update merchant_services set sms_language = null
       where service_type = 'quick_invoice' and merchant_id = (select id from merchants where email = $1::text)`,
      [ACCOUNTS.merchant.email],
    );
    const invoice = await create(merchant.inLocale('ar'), { ...quick, send_via: 'email' });
    const [message] = await messagesOf(invoice.id);
    expect(message).toMatchObject({ channel: 'email', language: 'ar' });
    expect(message.subject).toBe(`الفاتورة ${invoice.reference_no}: 25.500 د.ك`);
    expect(message.body).toContain(`${LINK}${invoice.reference_no}?lng=ar`);
  });

  it('says in the e-mail until when the link can be paid, in the format of the back office and the receipts', async () => {
    const invoice = await create(merchant, { ...quick, send_via: 'email', expiry_date: '2099-01-12' });
    const [message] = await messagesOf(invoice.id);
    expect(message.body).toContain('The link can be paid until 12 Jan 2099.');
  });

  it('needs the e-mail address to send by e-mail, in English and Arabic, and creates nothing without it', async () => {
    const before = await invoiceCount();
    const { email: _email, ...withoutEmail } = quick;
    const english = await merchant.post('/v1/invoice', { ...withoutEmail, send_via: 'email' });
    expect(english.statusCode).toBe(400);
    expect(english.json().errors).toEqual({ email: "Enter the customer's e-mail to send the invoice by e-mail" });
    const arabic = await merchant.inLocale('ar').post('/v1/invoice', { ...withoutEmail, send_via: 'email' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().errors).toEqual({ email: 'أدخل البريد الإلكتروني للعميل لإرسال الفاتورة بالبريد الإلكتروني' });
    expect(await invoiceCount()).toBe(before);
  });

  it("e-mails each member of a group invoice at their customer's address", async () => {
    const customers = await server.app.bawaba.db.query<{ id: number; email: string }>(
      `select id, email from customers where email is not null
         and merchant_id = (select id from merchants where email = $1::text) order by id limit 2`,
      [ACCOUNTS.merchant.email],
    );
    expect(customers).toHaveLength(2);
    const invoice = await create(merchant, {
      kind: 'group',
      customer_ids: customers.map((customer) => customer.id),
      amount: '10',
      send_via: 'email',
    });
    const messages = await messagesOf(invoice.id);
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual(
      customers.map((customer) => ['email', customer.email]),
    );
  });

  it('sends nothing for an invoice shared by its link, which has its link to copy and nothing to resend', async () => {
    const invoice = await create(merchant, { ...quick, send_via: 'url' });
    expect(invoice.send_via).toBe('url');
    expect(invoice.sms_status).toBeUndefined();
    expect(invoice.payment_link).toBe(`${LINK}${invoice.reference_no}`);
    expect(await messagesOf(invoice.id)).toEqual([]);
    const resend = await merchant.post('/v1/invoice/resend', { id: invoice.id });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('This invoice is shared by its link; there is no message to send again.');
    expect(await messagesOf(invoice.id)).toEqual([]);
  });

  it('sends scheduled invoices by SMS only, and says so in both languages', async () => {
    const scheduled = {
      ...quick,
      kind: 'scheduled',
      send_via: 'email',
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const english = await merchant.post('/v1/invoice', scheduled);
    expect(english.statusCode).toBe(400);
    expect(english.json().errors).toEqual({ send_via: 'Scheduled and bulk invoices are sent by SMS only' });
    const arabic = await merchant.inLocale('ar').post('/v1/invoice', scheduled);
    expect(arabic.json().errors).toEqual({ send_via: 'الفواتير المجدولة والمجمّعة تُرسل برسالة نصية فقط' });
  });

  it('refuses an invoice through a channel the employee does not hold with a 403 in their language', async () => {
    const before = await invoiceCount();
    for (const channel of ['whatsapp', 'email', 'url']) {
      const english = await staff.post('/v1/invoice', { ...quick, send_via: channel });
      expect(english.statusCode, channel).toBe(403);
      expect(english.json()).toEqual({ message: FORBIDDEN.en });
      const arabic = await staff.inLocale('ar').post('/v1/invoice', { ...quick, send_via: channel });
      expect(arabic.statusCode, channel).toBe(403);
      expect(arabic.json()).toEqual({ message: FORBIDDEN.ar });
    }
    const bySms = await layla.post('/v1/invoice', quick);
    expect(bySms.statusCode).toBe(403);
    expect(await invoiceCount()).toBe(before);
    expect((await create(staff, quick)).send_via).toBe('sms');
    expect((await create(layla, { ...quick, send_via: 'whatsapp' })).send_via).toBe('whatsapp');
  });

  it("resends through the invoice's channel, with that channel's permission", async () => {
    const whatsapp = await create(merchant, { ...quick, send_via: 'whatsapp' });
    const email = await create(merchant, { ...quick, send_via: 'email' });
    const sms = await create(merchant, quick);
    await server.deliverMail();

    const again = await layla.post('/v1/invoice/resend', { id: whatsapp.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().sms_status).toBe('pending');
    expect((await messagesOf(whatsapp.id)).map((message) => message.channel)).toEqual(['whatsapp', 'whatsapp']);

    const mailed = await merchant.post('/v1/invoice/resend', { id: email.id });
    expect(mailed.statusCode).toBe(200);
    expect((await messagesOf(email.id)).map((message) => message.channel)).toEqual(['email', 'email']);

    for (const [client, invoice] of [
      [layla, sms],
      [layla, email],
      [staff, whatsapp],
    ] as const) {
      const refused = await client.inLocale('ar').post('/v1/invoice/resend', { id: invoice.id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: FORBIDDEN.ar });
    }
    expect((await messagesOf(sms.id)).map((message) => message.channel)).toEqual(['sms']);
    expect((await staff.post('/v1/invoice/resend', { id: sms.id })).statusCode).toBe(200);
  });

  it('lists and filters invoices by their channel', async () => {
    const response = await merchant.list('/v1/invoice', { filter: { send_via: 'whatsapp' }, range: [0, 99] });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.send_via === 'whatsapp')).toBe(true);
  });
});
