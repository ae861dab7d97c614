import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/kernel/api-error';
import { queueThankYouSms } from '../../src/server/messaging/thank-you-sms';
import type { StoredMessage, Transport } from '../../src/server/outbox/outbox';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The SMS of a new invoice or subscription: worded by the merchant's own service (template,
 * language, sender id) or by the catalogue, one per part of a group invoice, none yet for a
 * scheduled one, none for a create that was refused; the invoice's `sms_status` follows the
 * delivery. Also the thank-you SMS and `POST /invoice/resend`.
 */

type Row = Record<string, unknown> & { id: number };
interface OutboxRow extends Record<string, unknown> {
  id: number;
  recipient: string;
  body: string;
  language: string;
  sender: string | null;
  invoice_id: number | null;
  merchant_id: number;
  status: string;
}

const LINK = 'https://pay.example.test/smspay/';
const quick = { kind: 'quick', customer_name: 'Noura', mobile: '96550001234', amount: '25.5' };
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

/** Sets the merchant's own service of `type` (the one without a sub-merchant), creating it when missing. */
async function setOwnService(client: Client, type: string, values: Record<string, unknown>): Promise<void> {
  const listed = (
    await client.list('/v1/multi-vendor/services', { filter: { service_type: type }, range: [0, 99] })
  ).json();
  const own = (listed as Row[]).filter((row) => row.sub_merchant_id === undefined);
  const record = { service_type: type, payment_type: 'knet', ...values };
  for (const extra of own.slice(1))
    expect((await client.delete(`/v1/multi-vendor/services/${extra.id}`)).statusCode).toBe(200);
  const response = own[0]
    ? await client.put(`/v1/multi-vendor/services/${own[0].id}`, record)
    : await client.post('/v1/multi-vendor/services', record);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

/** Removes the merchant's own services of `type`: its SMS are then worded by the catalogue. */
async function removeOwnService(client: Client, type: string): Promise<void> {
  const listed = (
    await client.list('/v1/multi-vendor/services', { filter: { service_type: type }, range: [0, 99] })
  ).json();
  for (const row of (listed as Row[]).filter((candidate) => candidate.sub_merchant_id === undefined))
    expect((await client.delete(`/v1/multi-vendor/services/${row.id}`)).statusCode).toBe(200);
}

describe.each(DRIVERS)('messaging: invoice SMS (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let vendor: Client;
  let staff: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    vendor = await Client.signIn(server.app, ACCOUNTS.vendor);
    staff = await Client.signIn(server.app, ACCOUNTS.staff);
  });
  afterAll(() => server?.close());

  const db = () => server.app.bawaba.db;
  const smsOf = (invoiceId: number) =>
    db().query<OutboxRow>(`select * from outbox where channel = 'sms' and invoice_id = $1::integer order by id`, [
      invoiceId,
    ]);
  const outboxCount = async () => (await db().query<{ n: number }>(`select count(*)::integer as n from outbox`))[0].n;
  const create = async (client: Client, body: Record<string, unknown>) => {
    const response = await client.post('/v1/invoice', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Row;
  };

  describe('worded by the own quick-invoice service', () => {
    it('fills the English template, adds the link and sends from the sender id', async () => {
      await setOwnService(merchant, 'quick_invoice', {
        sms_language: 'en',
        sms_template: 'Hello {name}, invoice {refno} of {amount} KWD is ready.',
        sms_sender_id: 'ALNOOR',
      });
      const invoice = await create(merchant, quick);
      expect(invoice.sms_status).toBe('pending');
      const [sms, ...more] = await smsOf(invoice.id);
      expect(more).toEqual([]);
      expect(sms).toMatchObject({
        recipient: '96550001234',
        sender: 'ALNOOR',
        language: 'en',
        body: `Hello Noura, invoice ${invoice.reference_no} of 25.500 KWD is ready.\n${LINK}${invoice.reference_no}`,
      });

      const delivered = await server.deliverMail();
      expect(delivered.find((message) => message.id === sms.id)).toMatchObject({
        sender: 'ALNOOR',
        invoiceId: invoice.id,
      });
      expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().sms_status).toBe('sent');
    });

    it('fills the Arabic template in the service language, whatever the language of the request, with a link that opens in Arabic', async () => {
      await setOwnService(merchant, 'quick_invoice', {
        sms_language: 'ar',
        sms_template: 'عزيزتي {name}، فاتورتك {refno} بمبلغ {amount} د.ك',
        sms_sender_id: 'ALNOOR KW',
      });
      const invoice = await create(merchant.inLocale('en'), { ...quick, customer_name: 'نورة', amount: '7' });
      const [sms] = await smsOf(invoice.id);
      expect(sms).toMatchObject({
        language: 'ar',
        sender: 'ALNOOR KW',
        body: `عزيزتي نورة، فاتورتك ${invoice.reference_no} بمبلغ 7.000 د.ك\n${LINK}${invoice.reference_no}?lng=ar`,
      });
    });

    it('sends nothing yet for a scheduled invoice, and marks it scheduled', async () => {
      const invoice = await create(merchant, { ...quick, kind: 'scheduled', scheduled_at: inAMinute() });
      expect(invoice.sms_status).toBe('scheduled');
      expect(await smsOf(invoice.id)).toEqual([]);
      expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().sms_status).toBe('scheduled');
    });

    it('sends one SMS per member of a group invoice, each with the link of its own part', async () => {
      const members = [];
      for (const [name, mobile] of [
        ['Group Member One', '96551110001'],
        ['Group Member Two', '96551110002'],
      ]) {
        const response = await merchant.post('/v1/customers', { name, mobile });
        expect(response.statusCode, response.body).toBe(201);
        members.push(response.json() as Row);
      }
      await setOwnService(merchant, 'quick_invoice', {
        sms_language: 'en',
        sms_template: '{name}: {amount} KWD ({refno})',
      });
      const invoice = await create(merchant, { kind: 'group', amount: '10', customer_ids: members.map((m) => m.id) });
      const sms = await smsOf(invoice.id);
      expect(sms.map(({ recipient, body }) => ({ recipient, body }))).toEqual([
        {
          recipient: '96551110001',
          body: `Group Member One: 10.000 KWD (${invoice.reference_no}-1)\n${LINK}${invoice.reference_no}-1`,
        },
        {
          recipient: '96551110002',
          body: `Group Member Two: 10.000 KWD (${invoice.reference_no}-2)\n${LINK}${invoice.reference_no}-2`,
        },
      ]);
      expect(invoice.sms_status).toBe('pending');
    });

    it('sends one SMS to the mobile of a split invoice, with the link of its parts page', async () => {
      const invoice = await create(merchant, { ...quick, kind: 'split', split_parts: 3, amount: '30' });
      const sms = await smsOf(invoice.id);
      expect(sms).toHaveLength(1);
      expect(sms[0].recipient).toBe('96550001234');
      expect(sms[0].body).toBe(
        `Noura: 30.000 KWD (${invoice.reference_no})\n${invoice.group_link ?? invoice.payment_link}`,
      );
    });

    it("sends a subscription's link worded by the own subscription service, else the quick-invoice one", async () => {
      await setOwnService(merchant, 'quick_invoice', { sms_language: 'en', sms_template: 'Quick {refno}' });
      await removeOwnService(merchant, 'subscription');
      const subscription = {
        customer_name: 'Sara',
        mobile: '96550009876',
        amount: '5',
        frequency: 'monthly',
        number_of_periods: 3,
        start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      };
      const first = await merchant.post('/v1/subscription', subscription);
      expect(first.statusCode, first.body).toBe(201);
      await setOwnService(merchant, 'subscription', {
        sms_language: 'en',
        sms_template: 'Subscribe {refno}',
        sms_sender_id: 'SUBS',
      });
      const second = await merchant.post('/v1/subscription', subscription);
      expect(second.statusCode, second.body).toBe(201);
      const bodies = await db().query<OutboxRow>(
        `select * from outbox where recipient = '96550009876' and channel = 'sms' order by id`,
      );
      expect(bodies.map(({ body, sender }) => ({ body, sender }))).toEqual([
        { body: `Quick ${first.json().reference_no}\n${LINK}${first.json().reference_no}`, sender: null },
        { body: `Subscribe ${second.json().reference_no}\n${LINK}${second.json().reference_no}`, sender: 'SUBS' },
      ]);
    });
  });

  describe('worded by the catalogue without an own service', () => {
    it('uses the default text in the language of the request, without a sender id, the link opening in that language', async () => {
      await removeOwnService(vendor, 'quick_invoice');
      const english = await create(vendor, { ...quick, amount: '12' });
      const arabic = await create(vendor.inLocale('ar'), { ...quick, customer_name: 'نورة', amount: '12.25' });
      const [en] = await smsOf(english.id);
      const [ar] = await smsOf(arabic.id);
      expect(en).toMatchObject({
        language: 'en',
        sender: null,
        body: `Dear Noura, please pay 12.000 KWD for invoice ${english.reference_no}: ${LINK}${english.reference_no}`,
      });
      expect(ar).toMatchObject({
        language: 'ar',
        sender: null,
        body: `عزيزي نورة، يرجى دفع 12.250 د.ك للفاتورة ${arabic.reference_no}: ${LINK}${arabic.reference_no}?lng=ar`,
      });
    });
  });

  describe('nothing is sent for a refused create', () => {
    it('queues nothing when the invoice is invalid', async () => {
      const before = await outboxCount();
      const response = await merchant.post('/v1/invoice', { ...quick, mobile: '12' });
      expect(response.statusCode).toBe(400);
      expect(await outboxCount()).toBe(before);
    });

    it('queues nothing when the create is refused after its SMS was written', async () => {
      server.app.bawaba.effects.onCreate('invoice', async (_scope, record) => {
        if (record.customer_name === 'Refused After SMS') throw new ApiError(409, 'app.message.conflict');
      });
      const before = await outboxCount();
      const response = await merchant.post('/v1/invoice', { ...quick, customer_name: 'Refused After SMS' });
      expect(response.statusCode).toBe(409);
      expect(await outboxCount()).toBe(before);
      const stored = await db().query(`select id from invoices where customer_name = 'Refused After SMS'`);
      expect(stored).toEqual([]);
    });
  });

  describe('thank-you SMS', () => {
    it('is queued after a payment only when the own service asks for it', async () => {
      await setOwnService(merchant, 'quick_invoice', {
        sms_language: 'ar',
        sms_sender_id: 'ALNOOR',
        thank_you_sms: true,
      });
      const invoice = await create(merchant, { ...quick, customer_name: 'Thanked' });
      const merchantId = await merchantIdOf(invoice.id);
      const queued = await db().transaction((tx) =>
        queueThankYouSms(tx, server.app.bawaba, merchantId, String(invoice.reference_no)),
      );
      expect(queued).toBe(true);
      const [thanks] = await db().query<OutboxRow>(
        `select * from outbox where recipient = $1::text and invoice_id is null order by id desc limit 1`,
        [quick.mobile],
      );
      expect(thanks).toMatchObject({
        language: 'ar',
        sender: 'ALNOOR',
        body: `شكراً Thanked، استلمنا دفعتك بمبلغ 25.500 د.ك عن ${invoice.reference_no}.`,
      });

      await setOwnService(merchant, 'quick_invoice', { sms_language: 'en', thank_you_sms: false });
      const again = await db().transaction((tx) =>
        queueThankYouSms(tx, server.app.bawaba, merchantId, String(invoice.reference_no)),
      );
      expect(again).toBe(false);
      expect(
        await db().transaction((tx) => queueThankYouSms(tx, server.app.bawaba, merchantId, 'INV-0000-999999')),
      ).toBe(false);
    });
  });

  async function merchantIdOf(invoiceId: number): Promise<number> {
    const [row] = await db().query<{ merchant_id: number }>(`select merchant_id from invoices where id = $1::integer`, [
      invoiceId,
    ]);
    return row.merchant_id;
  }

  describe('POST /v1/invoice/resend', () => {
    it('queues the SMS again for an unpaid invoice, also for an employee with invoice rights', async () => {
      const invoice = await create(merchant, { ...quick, customer_name: 'Resent' });
      await server.deliverMail();
      expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().sms_status).toBe('sent');
      const response = await merchant.post('/v1/invoice/resend', { id: invoice.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: invoice.id, sms_status: 'pending' });
      expect(await smsOf(invoice.id)).toHaveLength(2);
      expect((await staff.post('/v1/invoice/resend', { id: invoice.id })).statusCode).toBe(200);
      expect(await smsOf(invoice.id)).toHaveLength(3);
      await server.deliverMail();
      expect((await merchant.get(`/v1/invoice/${invoice.id}`)).json().sms_status).toBe('sent');
    });

    it('refuses a paid, cancelled or expired invoice with a message in English and Arabic', async () => {
      const paid = await create(merchant, quick);
      expect((await merchant.post(`/v1/invoice/${paid.id}/mark_paid`)).statusCode).toBe(200);
      const cancelled = await create(merchant, quick);
      expect((await merchant.post(`/v1/invoice/${cancelled.id}/cancel`)).statusCode).toBe(200);
      const expired = await create(merchant, quick);
      await db().query(`update invoices set status = 'expired' where id = $1::integer`, [expired.id]);

      const cases = [
        [
          paid,
          'This invoice is already paid; there is nothing to send again.',
          'هذه الفاتورة مدفوعة بالفعل؛ لا يوجد ما يُعاد إرساله.',
        ],
        [
          cancelled,
          'This invoice was cancelled; its message cannot be sent again.',
          'تم إلغاء هذه الفاتورة؛ لا يمكن إعادة إرسال رسالتها.',
        ],
        [
          expired,
          'This invoice has expired; its message cannot be sent again.',
          'انتهت صلاحية هذه الفاتورة؛ لا يمكن إعادة إرسال رسالتها.',
        ],
      ] as const;
      for (const [invoice, en, ar] of cases) {
        const before = (await smsOf(invoice.id)).length;
        const english = await merchant.post('/v1/invoice/resend', { id: invoice.id });
        expect(english.statusCode).toBe(409);
        expect(english.json().message).toBe(en);
        const arabic = await merchant.inLocale('ar').post('/v1/invoice/resend', { id: invoice.id });
        expect(arabic.statusCode).toBe(409);
        expect(arabic.json().message).toBe(ar);
        expect(await smsOf(invoice.id)).toHaveLength(before);
      }
    });

    it("answers 404 for another merchant's invoice and 400 without an id", async () => {
      const mine = await create(merchant, quick);
      const before = (await smsOf(mine.id)).length;
      const response = await vendor.post('/v1/invoice/resend', { id: mine.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The record was not found' });
      expect((await vendor.post('/v1/invoice/resend', { id: 2_000_000_000 })).statusCode).toBe(404);
      expect(await smsOf(mine.id)).toHaveLength(before);
      expect((await merchant.post('/v1/invoice/resend', {})).statusCode).toBe(400);
      expect((await new Client(server.app).post('/v1/invoice/resend', { id: mine.id })).statusCode).toBe(401);
    });

    it('is in the API document', async () => {
      const document = (await merchant.get('/v1/openapi.json')).json();
      expect(document.paths['/v1/invoice/resend']?.post).toBeDefined();
    });
  });
});

describe.each(DRIVERS)('messaging: SMS that cannot be delivered (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  const failing: Transport = {
    async deliver(message: StoredMessage) {
      throw new Error(`gateway down for ${message.recipient}`);
    },
  };
  beforeAll(async () => {
    server = await startServer(driver, { transport: failing });
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  it('leaves no message claimed but untried when the gateway fails', async () => {
    for (const name of ['Gateway Down One', 'Gateway Down Two', 'Gateway Down Three'])
      expect((await merchant.post('/v1/invoice', { ...quick, customer_name: name })).statusCode).toBe(201);
    // Each create kicked the outbox; once those runs have started, this one runs after them.
    await new Promise((resolve) => setImmediate(resolve));
    await server.app.bawaba.outbox.flush();
    const rows = await server.app.bawaba.db.query<{ status: string; attempts: number }>(
      `select o.status, o.attempts from outbox o join invoices i on i.id = o.invoice_id
       where i.customer_name like 'Gateway Down %' order by o.id`,
    );
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    expect(rows[0].attempts).toBeGreaterThan(0);
    expect(rows.at(-1)?.attempts).toBe(0);
  });

  it('mark the invoice failed after the last attempt, not before', async () => {
    const invoice = (await merchant.post('/v1/invoice', quick)).json() as Row;
    // The create kicked the outbox; once that run has started, every flush below runs after it, so
    // no attempt is under way while the statuses are read.
    await new Promise((resolve) => setImmediate(resolve));
    const statuses: string[] = [];
    for (let round = 0; round < 40; round++) {
      await server.app.bawaba.outbox.flush();
      const [sms] = await server.app.bawaba.db.query<{ attempts: number; status: string }>(
        `select attempts, status from outbox where invoice_id = $1::integer`,
        [invoice.id],
      );
      statuses.push(
        `${sms.attempts}:${sms.status}:${(await merchant.get(`/v1/invoice/${invoice.id}`)).json().sms_status}`,
      );
      if (sms.status === 'failed') break;
    }
    expect(statuses.at(-1)).toBe('5:failed:failed');
    expect(statuses.slice(0, -1).every((status) => status.endsWith(':pending:pending'))).toBe(true);
  });
});
