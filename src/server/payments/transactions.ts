import { randomInt } from 'node:crypto';
import { fromFils, toFils } from '../../shared/money';
import type { PayMethod } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { EntityRecord, EntityServerValues } from '../../generated/entities';
import type { Queryable } from '../db/database';
import { queueWebhook } from '../messaging/webhooks';
import { assertSet, type TableRow, type WithSet } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import { feesFor, feesOfStatus } from './fee-rules';
import type { Fees } from './fees';
import type { Charge } from './processor';
import { rememberCharge } from './sandbox-ledger';

/**
 * Transactions made by payments: one row per attempt in the `transaction` entity's table, written
 * through its store like every other row, with the money columns of its status. Final states
 * (success, failed) are announced to the merchant's webhook in the same database transaction, and
 * a success counts towards the paying customer's totals there too.
 */

/** A transaction as its store answers it (amounts as KWD strings). */
export type TransactionRecord = EntityRecord<'transaction'>;

/** A transaction a payment flow has just written, with the reference and status it wrote. */
export type RecordedTransaction = WithSet<TransactionRecord, 'reference_no' | 'status'>;

/** Where a payment was made: a payer's link, an online checkout, a POS terminal, a vendor's marketplace. */
export type TransactionChannel = NonNullable<TransactionRecord['channel']>;

export interface NewTransaction {
  merchantId: number;
  /** The reference of what was paid: an invoice, a part, an open invoice or a subscription. */
  invoiceReference: string | null;
  channel: TransactionChannel;
  method: PayMethod;
  /** Integer fils. */
  amount: bigint;
  customerName: string | null;
  customerMobile: string | null;
  /** The vendor of a multi-vendor payment. */
  subMerchant?: string | null;
  charge: Charge;
  now: Date;
  /** Where the merchant asked this payment's webhook to go, if the paid record says so. */
  webhookUrl: string | null;
  /** An authorisation: the days the merchant has to capture it (its service's capture duration). */
  captureDays?: number;
}

const digits = (length: number) => Array.from({ length }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

/** Fils of a stored amount. */
export const filsOf = (amount: unknown): bigint => toFils(String(amount)) ?? 0n;

/**
 * The money columns of a transaction in `status`: a success carries its `fees` (`feesFor`), is
 * captured in full and can be refunded up to its amount; an authorisation holds its amount, to be
 * captured up to it (`pending_amount`), and has no fees until then; any other status moved no money.
 */
export function moneyColumns(
  status: string,
  amount: bigint,
  fees: Fees,
): Pick<
  EntityServerValues<'transaction'>,
  'amount' | 'admin_charge' | 'commission' | 'net_amount' | 'pending_amount' | 'captured_amount' | 'refunded_amount'
> {
  const settled = status === 'success';
  return {
    amount: fromFils(amount),
    admin_charge: fromFils(settled ? fees.adminCharge : 0n),
    commission: fromFils(settled ? fees.commission : 0n),
    net_amount: fromFils(settled ? fees.net : 0n),
    pending_amount: fromFils(settled || status === 'authorized' ? amount : 0n),
    captured_amount: fromFils(settled ? amount : 0n),
    refunded_amount: fromFils(0n),
  };
}

/** A new transaction reference: twelve digits from one sequence, so never the same twice. */
async function nextReference(q: Queryable): Promise<string> {
  const [row] = await q.query<{ n: number }>(`select nextval('payment_reference_seq')::integer as n`);
  return `7${String(row.n).padStart(11, '0')}`;
}

/** Tells the merchant's webhook what became of a transaction (README "Webhooks" lists the events). */
export async function announce(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  transaction: TransactionRecord,
  webhookUrl: string | null,
): Promise<void> {
  await queueWebhook(q, ctx, merchantId, {
    transaction,
    invoiceReference: transaction.invoice_reference ?? '',
    webhookUrl,
  });
}

const DAY_MS = 86_400_000;

/**
 * Writes one payment attempt, tells the processor's sandbox record about it and announces it;
 * returns the stored row.
 */
export async function recordTransaction(
  q: Queryable,
  ctx: ServerContext,
  input: NewTransaction,
): Promise<RecordedTransaction> {
  const { charge } = input;
  const at = input.now.toISOString();
  const authorizedUntil =
    charge.status === 'authorized'
      ? new Date(input.now.getTime() + (input.captureDays ?? 0) * DAY_MS).toISOString()
      : undefined;
  const row = await storeOf(ctx, 'transaction').create(
    q,
    input.merchantId,
    {},
    {
      reference_no: await nextReference(q),
      token_no: input.method === 'card' ? digits(16) : undefined,
      payment_id: charge.paymentId ?? undefined,
      track_id: charge.trackId ?? undefined,
      auth_code: charge.authCode ?? undefined,
      result_code: charge.resultCode,
      invoice_reference: input.invoiceReference ?? undefined,
      customer_name: input.customerName ?? undefined,
      customer_mobile: input.customerMobile ?? undefined,
      channel: input.channel,
      sub_merchant: input.subMerchant ?? undefined,
      payment_method: input.method,
      card_last4: charge.cardLast4 ?? undefined,
      network: charge.network ?? undefined,
      ...moneyColumns(
        charge.status,
        input.amount,
        await feesOfStatus(
          q,
          ctx,
          input.merchantId,
          charge.status,
          input.amount,
          input.method,
          input.now,
          input.invoiceReference,
        ),
      ),
      status: charge.status,
      authorized_until: authorizedUntil,
      created_at: at,
      updated_at: at,
    },
  );
  assertSet(row, ['reference_no', 'status'], 'A payment attempt');
  await rememberCharge(q, input.merchantId, input.method, charge, input.amount, input.now);
  await announce(q, ctx, input.merchantId, row, input.webhookUrl);
  return row;
}

/**
 * Turns a pending cash transaction into a success once the merchant confirmed receipt, with the
 * money columns of a success; announces it.
 */
export async function settleCash(
  q: Queryable,
  ctx: ServerContext,
  merchantId: number,
  transaction: Pick<TableRow<'transaction'>, 'id' | 'amount' | 'invoice_reference'>,
  webhookUrl: string | null,
  now: Date,
): Promise<RecordedTransaction> {
  const row = await storeOf(ctx, 'transaction').update(
    q,
    merchantId,
    transaction.id,
    {
      status: 'success',
      result_code: 'CAPTURED',
      ...moneyColumns(
        'success',
        filsOf(transaction.amount),
        await feesFor(q, ctx, merchantId, filsOf(transaction.amount), 'cash', now, transaction.invoice_reference),
      ),
      updated_at: now.toISOString(),
    },
    'patch',
  );
  // The transaction was read in the caller's transaction, locked: it is there.
  if (!row) throw new Error(`Transaction ${transaction.id} is gone`);
  assertSet(row, ['reference_no', 'status'], 'A payment attempt');
  await announce(q, ctx, merchantId, row, webhookUrl);
  return row;
}

/** The newest transaction of a paid reference in `status` (and of `method`, when given). */
export async function latestTransaction(
  q: Queryable,
  merchantId: number,
  invoiceReference: string,
  status: string,
  method?: PayMethod,
): Promise<TableRow<'transaction'> | null> {
  const [row] = await q.query<TableRow<'transaction'>>(
    `select * from transactions
     where merchant_id = $1::integer and invoice_reference = $2::text and status = $3::text
       and ($4::text is null or payment_method = $4::text)
     order by created_at desc, id desc limit 1`,
    [merchantId, invoiceReference, status, method ?? null],
  );
  return row ?? null;
}

/** How long a card payment may stay pending before it counts as incomplete (SPEC §9). */
export const IN_FLIGHT_MS = 10 * 60_000;

/** The reference of a card or wallet payment of `invoiceReference` still pending for less than 10 minutes. */
export async function inFlightOf(
  q: Queryable,
  merchantId: number,
  invoiceReference: string,
  now: Date,
): Promise<string | null> {
  const [row] = await q.query<{ reference_no: string }>(
    `select reference_no from transactions
     where merchant_id = $1::integer and invoice_reference = $2::text and status = 'pending'
       and payment_method <> 'cash' and created_at > $3::timestamptz
     order by created_at desc, id desc limit 1`,
    [merchantId, invoiceReference, new Date(now.getTime() - IN_FLIGHT_MS).toISOString()],
  );
  return row?.reference_no ?? null;
}
