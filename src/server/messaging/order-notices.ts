import { isLanguage, type Language } from '../../shared/i18n';
import { formatKwd } from '../../shared/money';
import { STORE_PAGES } from '../../shared/storefront';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { t } from '../kernel/language';
import { payMerchant } from '../payments/payable';
import type { RecordOf, TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { linkInLanguage } from './invoice-sms';
import { orderStatusEmail, orderStatusSms, type NoticeValues, type TemplateWords } from './order-wording';
import { ownSmsSettings } from './sms-settings';

/**
 * Telling a sale order's customer that the merchant moved its status (any action of its
 * `x-transitions`): an SMS to the order's mobile and, when the customer gave one, an e-mail, both
 * in the customer's language (`customer_language`) and queued in the outbox in the action's own
 * transaction, so a refused action tells nobody and a done one always tells. Worded by
 * `order-wording.ts`; the SMS says it is from the merchant's product listing service's sender id
 * when it has one.
 */

type Order = RecordOf<'sale_order'>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The order's tracking page, opening in `language`. */
export function trackLink(ctx: ServerContext, reference: string, language: Language): string {
  const link = `${ctx.publicUrl.replace(/\/+$/, '')}${STORE_PAGES.track}${encodeURIComponent(reference)}`;
  return linkInLanguage(link, language);
}

/** The merchant's default e-mail template (the one changed last, should several be marked), or null. */
async function defaultTemplate(ctx: ServerContext, q: Queryable, merchantId: number): Promise<TemplateWords | null> {
  const [row] = await q.query<Pick<TableRow<'email_template'>, keyof TemplateWords>>(
    `select subject_en, subject_ar, body_en, body_ar from ${storeOf(ctx, 'email_template').table}
     where merchant_id = $1::integer and is_default
     order by updated_at desc nulls last, id desc limit 1`,
    [merchantId],
  );
  if (!row?.subject_en || !row.subject_ar || !row.body_en || !row.body_ar) return null;
  return { subject_en: row.subject_en, subject_ar: row.subject_ar, body_en: row.body_en, body_ar: row.body_ar };
}

/** What fills the messages of `order`, in `language`. */
async function valuesOf(
  ctx: ServerContext,
  q: Queryable,
  merchantId: number,
  order: Order,
  language: Language,
): Promise<NoticeValues> {
  const [list] = await q.query<Pick<TableRow<'sale_list'>, 'name' | 'sale_link'>>(
    `select name, sale_link from ${storeOf(ctx, 'sale_list').table} where id = $1::integer and merchant_id = $2::integer`,
    [order.sale_list_id ?? 0, merchantId],
  );
  const merchant = await payMerchant(q, merchantId);
  const reference = order.reference_no ?? '';
  const saleLink = text(list?.sale_link);
  return {
    customer_name: text(order.customer_name) ?? '',
    order_no: reference,
    status: t(language, `resources.sale_order.enums.status.${order.status ?? 'waiting'}`),
    grand_total: formatKwd(order.grand_total, language),
    sale_list: text(list?.name) ?? '',
    sale_link: saleLink ? linkInLanguage(saleLink, language) : '',
    track_link: trackLink(ctx, reference, language),
    merchant: (language === 'ar' ? text(merchant.name_ar) : null) ?? merchant.name,
  };
}

/**
 * Queues, in the caller's transaction, the SMS and (with an address) the e-mail telling the
 * customer of `order` (as it stands after its status action) its new status. Resolves with how
 * many messages were queued.
 */
export async function queueOrderNotices(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  order: Order,
): Promise<number> {
  const language: Language = isLanguage(order.customer_language) ? order.customer_language : 'en';
  const values = await valuesOf(ctx, q, merchantId, order, language);
  const common = { language, merchantId };
  let queued = 0;
  const mobile = text(order.customer_mobile);
  if (mobile) {
    const sender = (await ownSmsSettings(q, ctx, merchantId, ['product_listing'], language))?.sender;
    await ctx.outbox.enqueue(q, {
      ...common,
      channel: 'sms',
      recipient: mobile,
      body: orderStatusSms(language, values),
      sender,
    });
    queued++;
  }
  const email = text(order.customer_email);
  if (email) {
    const rejected = order.status === 'rejected';
    const { subject, body } = orderStatusEmail(language, values, await defaultTemplate(ctx, q, merchantId), {
      reason: rejected ? order.rejection_reason : null,
      refunded: rejected && order.payment_status === 'paid',
    });
    await ctx.outbox.enqueue(q, { ...common, channel: 'email', recipient: email, subject, body });
    queued++;
  }
  return queued;
}

/** Registers the notices of order status actions; call after the effects that change the order (a rejection's). */
export function registerOrderNotices(ctx: ServerContext): void {
  ctx.effects.onTransition('sale_order', async (scope, order) => {
    await queueOrderNotices(scope.tx, ctx, scope.merchantId, order);
  });
}
