import { randomInt } from 'node:crypto';
import {
  luhnValid,
  TEST_CARDS,
  type CardInput,
  type PayMethod,
  type PaymentStatus,
  type TestWalletNetwork,
} from '../../shared/pay';
import type { Transaction } from '../../generated/transaction';
import { ApiError, type FieldError } from '../kernel/api-error';

/** The processor's answer, as the transaction keeps it. */
export type ResultCode = NonNullable<Transaction['result_code']>;

/**
 * The sandbox card processor that stands in for the card networks: the test cards of
 * `src/shared/pay.ts` succeed, are declined or stay pending (and are settled one way or the other
 * when asked again after 10 minutes: `sandbox-ledger.ts`); wallets succeed; cash waits for the
 * merchant to confirm receipt. A merchant that authorises first gets card payments `authorized`,
 * to capture later. Nothing here stores or logs a card number: callers keep `cardLast4`.
 */

/** The card network a payment went through; `knet` is Kuwait's local debit network. */
export type Network = 'visa' | 'mastercard' | 'amex' | 'knet';

/** What one attempt came to, in the processor's words and in ours. */
export interface Charge {
  status: Extract<PaymentStatus, 'success' | 'failed' | 'pending' | 'authorized'>;
  /**
   * `CAPTURED`, `APPROVED` (authorised, not captured), `DECLINED`, `INSUFFICIENT_FUNDS`,
   * `NOT_SUPPORTED`, `PENDING` or `CASH_PENDING`: values of the transaction schema's enum.
   */
  resultCode: ResultCode;
  authCode: string | null;
  paymentId: string | null;
  trackId: string | null;
  cardLast4: string | null;
  /** MM/YY of the card, kept to charge a subscription again. */
  cardExpiry: string | null;
  /** The network the payment went through; null for cash. */
  network: Network | null;
  /** A pending attempt: what the processor will answer once it has heard back (after 10 minutes). */
  settlesAs: Extract<PaymentStatus, 'success' | 'failed'> | null;
}

export interface ChargeRequest {
  /** Integer fils, more than zero. */
  amount: bigint;
  method: PayMethod;
  card?: CardInput;
  /** Wallets: the network of the card in the test wallet (`visa` when not said). */
  walletNetwork?: TestWalletNetwork;
  /** Authorise only: a card payment that succeeds is held (`authorized`), to be captured later. */
  authorizeOnly?: boolean;
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
const CARD_OUTCOMES: Record<string, Pick<Charge, 'status' | 'resultCode' | 'settlesAs'>> = {
  [TEST_CARDS.success]: { status: 'success', resultCode: 'CAPTURED', settlesAs: null },
  [TEST_CARDS.declined]: { status: 'failed', resultCode: 'DECLINED', settlesAs: null },
  [TEST_CARDS.insufficientFunds]: { status: 'failed', resultCode: 'INSUFFICIENT_FUNDS', settlesAs: null },
  [TEST_CARDS.pending]: { status: 'pending', resultCode: 'PENDING', settlesAs: 'success' },
  [TEST_CARDS.pendingFailed]: { status: 'pending', resultCode: 'PENDING', settlesAs: 'failed' },
  [TEST_CARDS.unanswered]: { status: 'pending', resultCode: 'PENDING', settlesAs: null },
};

/** The network of a card number, by its first digits (the test cards are Visa). */
export function networkOfCard(number: string): Network {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  return 'visa';
}

/** Charges a card already checked with `checkCard`; a success is only authorised when asked. */
function chargeCard(card: CardInput, authorizeOnly: boolean): Charge {
  const number = cardDigits(card);
  const known = CARD_OUTCOMES[number] ?? { status: 'failed', resultCode: 'NOT_SUPPORTED' as const, settlesAs: null };
  const outcome =
    authorizeOnly && known.status === 'success'
      ? { status: 'authorized' as const, resultCode: 'APPROVED' as const, settlesAs: null }
      : known;
  return {
    ...outcome,
    ...networkIds(),
    authCode: outcome.status === 'success' || outcome.status === 'authorized' ? digits(6) : null,
    cardLast4: number.slice(-4),
    cardExpiry: card.expiry.trim(),
    network: networkOfCard(number),
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
      return chargeCard(request.card as CardInput, request.authorizeOnly === true);
    case 'apple_pay':
    case 'google_pay':
      return {
        status: 'success',
        resultCode: 'CAPTURED',
        authCode: digits(6),
        ...networkIds(),
        cardLast4: null,
        cardExpiry: null,
        network: request.walletNetwork ?? 'visa',
        settlesAs: null,
      };
    case 'cash':
      return cashCharge('pending');
  }
}

/** A cash payment: waiting for the merchant to confirm receipt, or received. No network saw it. */
export function cashCharge(status: 'pending' | 'success'): Charge {
  return {
    status,
    resultCode: status === 'pending' ? 'CASH_PENDING' : 'CAPTURED',
    authCode: null,
    paymentId: null,
    trackId: null,
    cardLast4: null,
    cardExpiry: null,
    network: null,
    settlesAs: null,
  };
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
    network: 'visa',
    settlesAs: null,
  };
}
