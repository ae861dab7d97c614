import { now as clockNow } from '../../schema/calendar';
import type { Language } from '../../shared/i18n';
import { fromFils, toFils } from '../../shared/money';
import type { PayRequest, PayResult } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError, fieldError, type FieldError } from '../kernel/api-error';
import { t } from '../kernel/language';
import type { ReadOf } from '../storage/entity-rows';
import { keyedTransaction, type IdempotencyClaim, type Keyed } from '../storage/idempotency-keys';
import { completePayment, webhookOf } from './completion';
import { kuwaitToday } from './kuwait-time';
import { attemptsRefusal, limitRefusal } from './limits';
import { DEFAULT_FIELD_CHARACTERS, openFields, targetMethods } from './payable';
import { expireIfDue, refusalOf, stateOf } from './states';
import { findTarget, type Target } from './targets';
import { takePayment } from './take-payment';
import { paymentTerms, serviceTypesOf } from './terms';
import { filsOf, inFlightOf, latestTransaction } from './transactions';

/**
 * One payment of a link (`POST /v1/pay/:reference`), all in one database transaction: the paid
 * record is locked, checked (its state, its declined attempts, the merchant's limits: limits.ts),
 * charged, the attempt written and, on success, the record marked paid.
 * Two payers of one invoice at once: the second waits for the first and is then told it is paid.
 * A refusal (409) is answered after the transaction committed, so an expiry noticed on the way is
 * kept; a bad request (400) or any failure rolls everything back. With an `Idempotency-Key` the
 * result is stored in that same transaction, and a retry gets it back without paying again.
 */

/** Messages of the result codes that are not a plain success. */
const RESULT_MESSAGES: Record<string, string> = {
  DECLINED: 'app.message.pay_declined',
  INSUFFICIENT_FUNDS: 'app.message.pay_insufficient_funds',
  NOT_SUPPORTED: 'app.message.pay_not_supported',
  PENDING: 'app.message.pay_pending',
  CASH_PENDING: 'app.message.pay_cash_pending',
};

function resultOf(
  { status, reference_no, result_code }: ReadOf<'transaction', 'status' | 'reference_no' | 'result_code'>,
  language: Language,
): PayResult {
  // Every payment flow writes both; a transaction without them was not made by one.
  if (!status || !reference_no) throw new Error('A payment attempt has no status or reference');
  const key = status === 'success' ? undefined : RESULT_MESSAGES[result_code ?? ''];
  return {
    status,
    transaction_reference: reference_no,
    result_code: result_code ?? '',
    message: key ? t(language, key) : null,
  };
}

/** The amount to charge in fils: the link's own, or for an open amount the payer's, within its bounds. */
function amountOf(target: Target, request: PayRequest): bigint {
  switch (target.kind) {
    case 'invoice':
    case 'parts':
      return filsOf(target.invoice.amount);
    case 'part':
      return filsOf(target.part.amount);
    case 'subscription':
      return filsOf(target.subscription.amount);
    case 'order':
      return filsOf(target.order.grand_total);
    case 'tenant':
      return filsOf(target.payment.amount);
    case 'open': {
      const { open } = target;
      if (open.amount_type !== 'open') return filsOf(open.amount);
      const amount = request.amount === undefined ? null : toFils(request.amount);
      if (amount === null) throw fieldError('amount', 'validation.amount');
      const [min, max] = [filsOf(open.min_amount), filsOf(open.max_amount)];
      if (amount < min || amount > max || amount <= 0n)
        throw fieldError('amount', 'validation.pay_amount_range', { min: fromFils(min), max: fromFils(max) });
      return amount;
    }
  }
}

/** Checks the open invoice's additional fields: required ones filled, none too long, none unknown. */
async function checkFields(q: Queryable, target: Target, request: PayRequest): Promise<Record<string, string>> {
  if (target.kind !== 'open') return {};
  const fields = await openFields(q, target.open);
  const given = request.fields ?? {};
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const value = given[field.name]?.trim() ?? '';
    const limit = field.characters ?? DEFAULT_FIELD_CHARACTERS;
    if (field.required && value === '') errors[`fields.${field.name}`] = { key: 'validation.required' };
    else if (value.length > limit)
      errors[`fields.${field.name}`] = { key: 'validation.maxLength', params: { limit, smart_count: limit } };
  }
  for (const name of Object.keys(given)) {
    if (!fields.some((field) => field.name === name))
      errors[`fields.${name}`] = { key: 'validation.pay_field_unknown' };
  }
  const entries = Object.entries(errors);
  if (entries.length === 0)
    return Object.fromEntries(fields.map((field) => [field.name, given[field.name]?.trim() ?? '']));
  const missing = entries.some(([, error]) => error.key === 'validation.required');
  const [, first] = entries[0];
  throw missing
    ? new ApiError(400, 'app.message.required_fields', errors)
    : new ApiError(400, first.key, errors, first.params);
}

/** Who paid, as the transaction names them: the invoice's customer, else the payer's own details. */
function customerOf(target: Target, request: PayRequest): { name: string | null; mobile: string | null } {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  switch (target.kind) {
    case 'invoice':
    case 'parts':
      return { name: text(target.invoice.customer_name), mobile: text(target.invoice.mobile) };
    case 'part':
      return {
        name: text(target.part.customer_name) ?? text(target.invoice.customer_name),
        mobile: text(target.part.mobile) ?? text(target.invoice.mobile),
      };
    case 'subscription':
      return { name: text(target.subscription.customer_name), mobile: text(target.subscription.mobile) };
    case 'open':
      return { name: text(request.payer?.name), mobile: text(request.payer?.mobile) };
    case 'order':
      return { name: text(target.order.customer_name), mobile: text(target.order.customer_mobile) };
    case 'tenant':
      return { name: text(target.tenant.name), mobile: text(target.tenant.mobile) };
  }
}

/** Keeps what the payer of an open invoice filled in beside the transaction. */
async function keepDetails(
  q: Queryable,
  transactionReference: string,
  merchantId: number,
  fields: Record<string, string>,
  request: PayRequest,
): Promise<void> {
  if (Object.keys(fields).length === 0 && !request.payer) return;
  await q.query(
    `insert into payment_details (transaction_reference, merchant_id, fields, payer)
     values ($1::text, $2::integer, $3::text::jsonb, $4::text::jsonb)`,
    [transactionReference, merchantId, fields, request.payer ?? {}],
  );
}

/** What became of one payment attempt: its result, or the refusal to answer once the transaction committed. */
export type PayOutcome = { result: PayResult } | { refusal: ApiError };

/**
 * Pays `found` (read locked in `tx`, the payment's database transaction): checks its state, its
 * methods, a payment in flight, its declined attempts and the merchant's limits, charges it and,
 * on success, marks it paid. Every payer page's payment goes through here.
 */
export async function payTarget(
  ctx: ServerContext,
  tx: Queryable,
  found: Target,
  request: PayRequest,
  language: Language,
  now: Date,
): Promise<PayOutcome> {
  const today = kuwaitToday(now);
  const terms = await paymentTerms(tx, ctx, found.merchantId, serviceTypesOf(found));
  const target = await expireIfDue(ctx, tx, found, now, terms.smsActiveMinutes);
  const state = stateOf(target, today);
  if (state !== 'payable') return { refusal: refusalOf(state) };
  if (target.kind === 'parts') return { refusal: new ApiError(409, 'app.message.pay_choose_part') };
  if (!targetMethods(target).includes(request.method)) throw fieldError('method', 'validation.pay_method');

  // Choosing cash again gives the same waiting payment (each payer of an open invoice pays their own).
  const waiting =
    request.method === 'cash' && target.kind !== 'open'
      ? await latestTransaction(tx, target.merchantId, target.reference, 'pending', 'cash')
      : null;
  if (waiting) return { result: resultOf(waiting, language) };
  const inFlight = request.method !== 'cash' && (await inFlightOf(tx, target.merchantId, target.reference, now));
  if (inFlight && !request.continue_in_flight) return { refusal: new ApiError(409, 'app.message.pay_in_flight') };

  const exhausted = await attemptsRefusal(tx, target, terms);
  if (exhausted) return { refusal: exhausted };

  const amount = amountOf(target, request);
  const fields = await checkFields(tx, target, request);
  const overLimit = await limitRefusal(tx, target.merchantId, terms, amount, now);
  if (overLimit) return { refusal: overLimit };
  // A subscription's first payment keeps the card for the next ones, and a tenant pays what is owed
  // (rent, a deposit) with nothing left to decide: both are always charged at once.
  const authorizeOnly = terms.captureDays > 0 && target.kind !== 'subscription' && target.kind !== 'tenant';
  const customer = customerOf(target, request);
  const { charge, transaction } = await takePayment(ctx, tx, {
    merchantId: target.merchantId,
    invoiceReference: target.reference,
    channel: 'payment_link',
    method: request.method,
    amount,
    card: request.card,
    walletNetwork: request.wallet_network,
    authorizeOnly,
    captureDays: terms.captureDays,
    customer,
    now,
    webhookUrl: webhookOf(target),
  });
  const result = resultOf(transaction, language);
  await keepDetails(tx, result.transaction_reference, target.merchantId, fields, request);
  // An authorisation is the payer's payment made: the link is paid, the merchant captures it later.
  if (charge.status === 'success' || charge.status === 'authorized') {
    const completed = { transactionReference: result.transaction_reference, charge, amount, customer };
    await completePayment(ctx, tx, target, completed, now);
  }
  return { result };
}

/**
 * Runs one payment `attempt` in its own database transaction, with `claim` (the request's
 * idempotency key) stored in it: a repeat answers the stored result as `replay` instead. A refusal
 * is thrown once the transaction committed.
 */
export async function payInTransaction(
  ctx: ServerContext,
  claim: IdempotencyClaim | null,
  attempt: (tx: Queryable) => Promise<PayOutcome>,
): Promise<Keyed<PayResult>> {
  const keyed = await keyedTransaction(ctx.db, claim, attempt, (outcome) =>
    'result' in outcome ? { status: 200, body: outcome.result } : null,
  );
  if (keyed.replay) return keyed;
  const outcome = keyed.value;
  if ('refusal' in outcome) throw outcome.refusal;
  ctx.outbox.kick();
  return { value: outcome.result };
}

/**
 * Pays the link `reference`; answers in `language`. With `claim` (the request's idempotency key)
 * a repeat answers the stored result as `replay` instead.
 */
export async function pay(
  ctx: ServerContext,
  reference: string,
  request: PayRequest,
  language: Language,
  now: Date = clockNow(),
  claim: IdempotencyClaim | null = null,
): Promise<Keyed<PayResult>> {
  return payInTransaction(ctx, claim, async (tx) => {
    const found = await findTarget(ctx, tx, reference, true);
    // What a tenant pays at once is paid on the tenant's own page, which their token opens.
    if (!found || found.kind === 'tenant') throw new ApiError(404, 'app.message.pay_link_unknown');
    return payTarget(ctx, tx, found, request, language, now);
  });
}
