import { randomInt } from 'node:crypto';
import { luhnValid, TEST_CARDS, type CardInput, type PayMethod, type PaymentStatus } from '../../shared/pay';
import { ApiError, type FieldError } from '../kernel/api-error';

/**
 * The sandbox card processor that stands in for the card networks: the test cards of
 * `src/shared/pay.ts` succeed, are declined or stay pending; wallets succeed; cash waits for the
 * merchant to confirm receipt. Nothing here stores or logs a card number: callers keep `cardLast4`.
 */

/** What one attempt came to, in the processor's words and in ours. */
export interface Charge {
  status: Extract<PaymentStatus, 'success' | 'failed' | 'pending'>;
  /** `CAPTURED`, `DECLINED`, `INSUFFICIENT_FUNDS`, `NOT_SUPPORTED`, `PENDING` or `CASH_PENDING`. */
  resultCode: string;
  authCode: string | null;
  paymentId: string | null;
  trackId: string | null;
  cardLast4: string | null;
  /** MM/YY of the card, kept to charge a subscription again. */
  cardExpiry: string | null;
}

export interface ChargeRequest {
  /** Integer fils, more than zero. */
  amount: bigint;
  method: PayMethod;
  card?: CardInput;
}

const digits = (length: number) => Array.from({ length }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

/** Identifiers the network gives every attempt it saw. */
const networkIds = () => ({ paymentId: digits(18), trackId: `TRK${digits(12)}` });

/** The card number without the spaces a payer may type. */
const cardDigits = (card: CardInput) => card.number.replace(/ /g, '');

/** The month after a card's last valid one, as a comparable `YYYYMM` number; null when not MM/YY. */
function expiryMonth(expiry: string): number | null {
  const match = /^(0[1-9]|1[0-2])\/([0-9]{2})$/.exec(expiry.trim());
  if (!match) return null;
  return (2000 + Number(match[2])) * 100 + Number(match[1]);
}

/** The current month in Kuwait (UTC+3, no daylight saving) as `YYYYMM`. */
function kuwaitMonth(now: Date): number {
  const local = new Date(now.getTime() + 3 * 3_600_000);
  return local.getUTCFullYear() * 100 + local.getUTCMonth() + 1;
}

/**
 * Field errors of a card: the number must pass the Luhn check, the expiry be MM/YY of this month or
 * later (at most 20 years ahead), the CVV 3 or 4 digits. 400 with every bad field at once.
 */
export function checkCard(card: CardInput | undefined, now: Date): void {
  if (!card) throw new ApiError(400, 'app.message.required_fields', { card: { key: 'validation.required' } });
  const fields: Record<string, FieldError> = {};
  if (!luhnValid(card.number)) fields['card.number'] = { key: 'validation.card_number' };
  const month = expiryMonth(card.expiry);
  const current = kuwaitMonth(now);
  if (month === null || month < current || month > current + 2000)
    fields['card.expiry'] = { key: 'validation.card_expiry' };
  if (!/^[0-9]{3,4}$/.test(card.cvv)) fields['card.cvv'] = { key: 'validation.card_cvv' };
  const [first] = Object.values(fields);
  if (first) throw new ApiError(400, first.key, fields);
}

/** The outcome of a card number the sandbox knows, by result code. */
const CARD_OUTCOMES: Record<string, Pick<Charge, 'status' | 'resultCode'>> = {
  [TEST_CARDS.success]: { status: 'success', resultCode: 'CAPTURED' },
  [TEST_CARDS.declined]: { status: 'failed', resultCode: 'DECLINED' },
  [TEST_CARDS.insufficientFunds]: { status: 'failed', resultCode: 'INSUFFICIENT_FUNDS' },
  [TEST_CARDS.pending]: { status: 'pending', resultCode: 'PENDING' },
};

/** Charges a card already checked with `checkCard`. */
function chargeCard(card: CardInput): Charge {
  const number = cardDigits(card);
  const outcome = CARD_OUTCOMES[number] ?? { status: 'failed', resultCode: 'NOT_SUPPORTED' };
  return {
    ...outcome,
    ...networkIds(),
    authCode: outcome.status === 'success' ? digits(6) : null,
    cardLast4: number.slice(-4),
    cardExpiry: card.expiry.trim(),
  };
}

/**
 * Runs one payment attempt. Card details are checked first (400 field errors in the request's
 * language); the amount is assumed checked by the caller.
 */
export function charge(request: ChargeRequest, now: Date): Charge {
  if (request.amount <= 0n) throw new Error('A charge needs a positive amount');
  switch (request.method) {
    case 'card':
      checkCard(request.card, now);
      return chargeCard(request.card as CardInput);
    case 'apple_pay':
    case 'google_pay':
      return {
        status: 'success',
        resultCode: 'CAPTURED',
        authCode: digits(6),
        ...networkIds(),
        cardLast4: null,
        cardExpiry: null,
      };
    case 'cash':
      return {
        status: 'pending',
        resultCode: 'CASH_PENDING',
        authCode: null,
        paymentId: null,
        trackId: null,
        cardLast4: null,
        cardExpiry: null,
      };
  }
}

/** A later charge of a card kept from a first payment (recurring subscriptions): the sandbox accepts it. */
export function chargeStoredCard(cardLast4: string | null): Charge {
  return {
    status: 'success',
    resultCode: 'CAPTURED',
    authCode: digits(6),
    ...networkIds(),
    cardLast4,
    cardExpiry: null,
  };
}
