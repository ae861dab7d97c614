import { isLanguage, type Language } from '../../shared/i18n';
import type { ServerContext } from '../context';
import type { Queryable, Row } from '../db/database';
import { t } from '../kernel/language';
import { tenantPayLink } from '../rentals/tenant-link';
import { storeOf } from '../storage/entity-stores';
import { ownSmsSettings } from './sms-settings';

/**
 * A tenant's link sent again (the payment API's civil-id lookup): to the mobile on file of each of
 * the merchant's tenants with that civil id, in the tenant's language, never to the asker. Whoever
 * asks learns nothing: the answer is the same whether or not such a tenant exists.
 */

interface TenantToRemind extends Row {
  id: number;
  name: string | null;
  mobile: string | null;
  language: string | null;
  pay_token: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Queues the SMS with the link of every tenant of `merchantId` whose civil id is `civilId`, in `q`'s
 * transaction; `fallback` is the language of a tenant who has none. Resolves with how many were queued.
 */
export async function queueTenantLinkSms(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  civilId: string,
  fallback: Language,
): Promise<number> {
  const tenants = await q.query<TenantToRemind>(
    `select * from ${storeOf(ctx, 'tenant').table}
     where merchant_id = $1::integer and civil_id = $2::text and pay_token is not null
     order by id`,
    [merchantId, civilId],
  );
  const reachable = tenants.filter((tenant) => text(tenant.mobile));
  if (reachable.length === 0) return 0;
  const [merchant] = await q.query<{ name: string; name_ar: string | null }>(
    `select coalesce(brand_name, name) as name, name_ar from merchants where id = $1::integer`,
    [merchantId],
  );
  const sender = (await ownSmsSettings(q, ctx, merchantId, ['quick_invoice'], fallback))?.sender ?? null;
  await ctx.outbox.enqueueAll(
    q,
    reachable.map((tenant) => {
      const language = isLanguage(tenant.language) ? tenant.language : fallback;
      const values = {
        merchant: (language === 'ar' ? text(merchant?.name_ar) : null) ?? merchant?.name ?? '',
        name: text(tenant.name) ?? '',
        link: tenantPayLink(ctx, { pay_token: String(tenant.pay_token) }, language),
      };
      return {
        channel: 'sms' as const,
        recipient: String(text(tenant.mobile)),
        body: t(language, 'app.sms.tenant_link', values),
        language,
        merchantId,
        sender,
      };
    }),
  );
  return reachable.length;
}
