import type { Language } from '../../shared/i18n';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { smsText } from '../messaging/invoice-sms';
import { ownSmsSettings } from '../messaging/sms-settings';
import type { ReadOf } from '../storage/entity-rows';

/**
 * The SMS of an upload's invoices, worded as every invoice's SMS is (the merchant's own quick
 * invoice service, else the catalogue's `app.sms.invoice`), and queued in the outbox many per
 * statement, each naming its invoice so the invoice's `sms_status` follows its delivery.
 */

const OUTBOX_BATCH = 1_000;

/** What an upload's invoice SMS is made of. */
export type BulkSmsInvoice = ReadOf<'invoice', 'mobile' | 'customer_name' | 'reference_no' | 'amount' | 'payment_link'>;

/** Queues one SMS per invoice. */
export async function queueBulkSms(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  invoices: readonly BulkSmsInvoice[],
  language: Language,
): Promise<number> {
  const settings = await ownSmsSettings(q, ctx, merchantId, ['quick_invoice'], language);
  const messages = invoices.flatMap((invoice) => {
    const mobile = invoice.mobile?.trim() ?? '';
    if (!mobile) return [];
    const body = smsText(settings, language, 'app.sms.invoice', {
      name: invoice.customer_name?.trim() ?? '',
      refno: String(invoice.reference_no),
      amount: String(invoice.amount),
      link: String(invoice.payment_link),
    });
    return [{ recipient: mobile, body, invoice_id: invoice.id }];
  });
  for (let from = 0; from < messages.length; from += OUTBOX_BATCH) {
    await q.query(
      `insert into outbox (merchant_id, channel, recipient, body, language, sender, invoice_id)
       select $1::integer, 'sms', m.recipient, m.body, $2::text, $3::text, m.invoice_id
       from json_to_recordset($4::text::json) as m(recipient text, body text, invoice_id integer)`,
      [
        merchantId,
        settings?.language ?? language,
        settings?.sender ?? null,
        JSON.stringify(messages.slice(from, from + OUTBOX_BATCH)),
      ],
    );
  }
  return messages.length;
}
