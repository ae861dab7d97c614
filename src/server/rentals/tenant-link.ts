import type { Language } from '../../shared/i18n';
import { PAYER_PAGES } from '../../shared/pay';
import type { ServerContext } from '../context';
import { linkInLanguage } from '../messaging/invoice-sms';

/**
 * The tenant's own payer page, `{public URL}/tenant/payments/{pay_token}`, opening in `language`
 * (`?lng=ar` for Arabic). The token, not the tenant's id, names the tenant: the link is all a
 * tenant needs to see and pay what they owe, so it must not be guessable.
 */
export function tenantPayLink(ctx: ServerContext, tenant: { pay_token: string }, language: Language): string {
  const link = `${ctx.publicUrl.replace(/\/+$/, '')}${PAYER_PAGES.tenant}${encodeURIComponent(tenant.pay_token)}`;
  return linkInLanguage(link, language);
}
