import { toFils } from '../../shared/money';
import { luhnValid, type CardInput, type Payable, type PayMethod } from '../../shared/pay';
import type { MessageKey } from '../i18n/messages';

/**
 * The checks the payment form makes before it sends anything, so that a typo is caught on the
 * phone rather than after a round trip. The server checks the same again and its field messages
 * show in the same places.
 */

/** Default maximum length of an open invoice's additional field. */
export const FIELD_CHARACTERS_DEFAULT = 200;

export interface FieldProblem {
  key: MessageKey;
  params?: Record<string, unknown>;
}

/** What the payer typed, as the form holds it. */
export interface PaymentValues {
  method: PayMethod;
  card: CardInput;
  /** Open amounts only. */
  amount: string;
  /** Additional fields by name. */
  fields: Record<string, string>;
  /** Open invoices: the payer's optional name, mobile and e-mail. */
  payer: Partial<Record<(typeof PAYER_FIELDS)[number], string>>;
}

/** Field ids of the form; additional fields are `field:<name>`. */
export const fieldId = {
  number: 'number',
  expiry: 'expiry',
  cvv: 'cvv',
  holder: 'holder',
  amount: 'amount',
  additional: (name: string) => `field:${name}`,
  payer: (name: string) => `payer:${name}`,
} as const;

const CARD_FIELDS = ['number', 'expiry', 'cvv', 'holder'];
/** Who pays an open invoice: optional details the merchant sees with the payment. */
export const PAYER_FIELDS = ['name', 'mobile', 'email'] as const;

/** Whether MM/YY is a real month that has not ended yet at `now`. */
export function expiryProblem(expiry: string, now: Date): FieldProblem | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return { key: 'error.expiry' };
  const year = 2000 + Number(match[2]);
  const current = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < current ? { key: 'error.card_expired' } : null;
}

/** Whether an open amount is a KWD amount above zero within the link's bounds. */
export function amountValid(amount: string, min: string | null, max: string | null): boolean {
  const fils = toFils(amount.trim());
  if (fils === null || fils <= 0n) return false;
  const low = min === null ? null : toFils(min);
  const high = max === null ? null : toFils(max);
  return (low === null || fils >= low) && (high === null || fils <= high);
}

function cardProblems(card: CardInput, now: Date): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const number = card.number.replace(/\s/g, '');
  if (!number) problems[fieldId.number] = { key: 'error.required' };
  else if (!luhnValid(number)) problems[fieldId.number] = { key: 'error.card_number' };
  if (!card.expiry.trim()) problems[fieldId.expiry] = { key: 'error.required' };
  else {
    const expiry = expiryProblem(card.expiry, now);
    if (expiry) problems[fieldId.expiry] = expiry;
  }
  if (!card.cvv.trim()) problems[fieldId.cvv] = { key: 'error.required' };
  else if (!/^\d{3,4}$/.test(card.cvv.trim())) problems[fieldId.cvv] = { key: 'error.cvv' };
  if (!card.holder.trim()) problems[fieldId.holder] = { key: 'error.required' };
  return problems;
}

/** Every problem of the form, by field id, in the order the fields appear; empty when it may be sent. */
export function paymentProblems(
  payable: Payable,
  values: PaymentValues,
  now = new Date(),
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  if (payable.amount === null && !amountValid(values.amount, payable.min_amount, payable.max_amount))
    problems[fieldId.amount] = { key: 'error.amount' };
  for (const field of payable.fields) {
    const value = (values.fields[field.name] ?? '').trim();
    const limit = field.characters ?? FIELD_CHARACTERS_DEFAULT;
    if (field.required && !value) problems[fieldId.additional(field.name)] = { key: 'error.required' };
    else if (value.length > limit)
      problems[fieldId.additional(field.name)] = { key: 'error.too_long', params: { smart_count: limit } };
  }
  if (values.method === 'card') Object.assign(problems, cardProblems(values.card, now));
  return problems;
}

/**
 * The form field a server field error belongs to (`card.number` → `number`, `fields.Size` →
 * `field:Size`), or null when no field of the form shows it.
 */
export function fieldOfServerError(path: string): string | null {
  const parts = path.split(/[./]/).filter(Boolean);
  if (parts[0] === 'card' && parts.length === 2 && CARD_FIELDS.includes(parts[1])) return parts[1];
  if (parts[0] === 'payer' && parts.length === 2 && (PAYER_FIELDS as readonly string[]).includes(parts[1]))
    return fieldId.payer(parts[1]);
  if (parts[0] === 'fields' && parts.length >= 2) return fieldId.additional(parts.slice(1).join('.'));
  if (parts.length === 1 && parts[0] === 'amount') return fieldId.amount;
  return null;
}
