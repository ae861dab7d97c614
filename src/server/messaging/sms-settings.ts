import { isLanguage, type Language } from '../../shared/i18n';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import type { TableRow } from '../storage/entity-rows';

/**
 * How a merchant's SMS read, from its own merchant service (the `merchant_service` row without a
 * sub-merchant) of the kind of thing the SMS is about.
 */

export interface SmsSettings {
  /** The merchant's wording with `{name}`, `{refno}` and `{amount}`; null for the catalogue's. */
  template: string | null;
  language: Language;
  /** Sender id shown to the payer; null for the SMS gateway's default. */
  sender: string | null;
  /** Whether a payment is followed by a thank-you SMS. */
  thankYou: boolean;
}

type ServiceRow = Pick<
  TableRow<'merchant_service'>,
  'service_type' | 'sms_template' | 'sms_language' | 'sms_sender_id' | 'thank_you_sms'
>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The SMS settings of the merchant's own service of the first of `serviceTypes` it has (for a
 * subscription: its `subscription` service, else its `quick_invoice` one); null when it has none.
 * `fallback` is the language when the service names none.
 */
export async function ownSmsSettings(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  serviceTypes: readonly string[],
  fallback: Language,
): Promise<SmsSettings | null> {
  const store = ctx.stores.get('merchant_service');
  if (!store) return null;
  const rows = await q.query<ServiceRow>(
    `select service_type, sms_template, sms_language, sms_sender_id, thank_you_sms from ${store.table}
     where merchant_id = $1::integer and sub_merchant_id is null
       and service_type in (select jsonb_array_elements_text($2::text::jsonb))
     order by id desc`,
    [merchantId, serviceTypes],
  );
  for (const type of serviceTypes) {
    const row = rows.find((candidate) => candidate.service_type === type);
    if (!row) continue;
    return {
      template: text(row.sms_template),
      language: isLanguage(row.sms_language) ? row.sms_language : fallback,
      sender: text(row.sms_sender_id)?.trim() ?? null,
      thankYou: row.thank_you_sms === true,
    };
  }
  return null;
}

/** Fills `{name}`, `{refno}` and `{amount}` of a merchant's template; other text is kept as written. */
export function fillTemplate(template: string, values: { name: string; refno: string; amount: string }): string {
  return template.replace(/\{(name|refno|amount)\}/g, (_match, key: 'name' | 'refno' | 'amount') => values[key]);
}
