import { formatDay } from '../../shared/dates';
import type { Language } from '../../shared/i18n';
import { normaliseKwd } from '../../shared/money';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { t } from '../kernel/language';
import { ownSmsSettings } from '../messaging/sms-settings';
import { payMerchant } from '../payments/payable';
import type { OutboxMessage } from '../outbox/outbox';
import type { TableRow } from '../storage/entity-rows';
import type { Tenancy } from './tenancies';

/**
 * The messages that bring a tenant a new rent invoice: an SMS to the tenant's mobile and, when the
 * tenant has an address, an e-mail, both in the tenant's language (`tenant.language`) with the
 * invoice's payment link (the tenant's own page, opening in that language). Queued in the outbox
 * in the transaction that issued the invoices, with one statement however many there are. The SMS
 * goes out under the merchant's quick-invoice sender id when it has one.
 */

export type IssuedInvoice = Pick<
  TableRow<'rent_invoice'>,
  'id' | 'tenant_id' | 'reference_no' | 'amount' | 'period_start' | 'period_end' | 'due_date' | 'payment_link'
>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** What the merchant is called in `language`, and its sender id, once per merchant of a batch. */
async function merchantWords(q: Queryable, ctx: ServerContext, merchantId: number) {
  const merchant = await payMerchant(q, merchantId);
  const sender = (await ownSmsSettings(q, ctx, merchantId, ['quick_invoice'], 'en'))?.sender ?? null;
  return {
    name: (language: Language) => (language === 'ar' ? text(merchant.name_ar) : null) ?? merchant.name,
    sender,
  };
}

/** The values that fill a rent invoice's messages, in `language`. */
function valuesOf(invoice: IssuedInvoice, tenancy: Tenancy, merchant: string, language: Language) {
  return {
    merchant,
    name: text(tenancy.row.name) ?? '',
    refno: invoice.reference_no ?? '',
    amount: normaliseKwd(String(invoice.amount)),
    unit: text(tenancy.row.unit_name) ?? '',
    from: formatDay(String(invoice.period_start), language),
    to: formatDay(String(invoice.period_end), language),
    due: formatDay(String(invoice.due_date), language),
    link: invoice.payment_link ?? '',
  };
}

/**
 * Queues the SMS and e-mail of each issued invoice (`tenancies` by tenant id) in `q`'s transaction;
 * resolves with how many messages were queued. The caller kicks the outbox after the commit.
 */
export async function queueRentMessages(
  q: Queryable,
  ctx: ServerContext,
  invoices: readonly IssuedInvoice[],
  tenancies: ReadonlyMap<number, Tenancy>,
): Promise<number> {
  const merchants = new Map<number, Awaited<ReturnType<typeof merchantWords>>>();
  const messages: OutboxMessage[] = [];
  for (const invoice of invoices) {
    const tenancy = tenancies.get(invoice.tenant_id ?? 0);
    if (!tenancy) continue;
    const merchantId = tenancy.row.merchant_id;
    let merchant = merchants.get(merchantId);
    if (!merchant) {
      merchant = await merchantWords(q, ctx, merchantId);
      merchants.set(merchantId, merchant);
    }
    const { language } = tenancy;
    const values = valuesOf(invoice, tenancy, merchant.name(language), language);
    const common = { language, merchantId };
    const mobile = text(tenancy.row.mobile);
    if (mobile)
      messages.push({
        ...common,
        channel: 'sms',
        recipient: mobile,
        body: t(language, 'app.sms.rent_invoice', values),
        sender: merchant.sender,
      });
    const email = text(tenancy.row.email);
    if (email)
      messages.push({
        ...common,
        channel: 'email',
        recipient: email,
        subject: t(language, 'app.email.rent_invoice_subject', values),
        body: t(language, 'app.email.rent_invoice_body', values),
      });
  }
  await ctx.outbox.enqueueAll(q, messages);
  return messages.length;
}
