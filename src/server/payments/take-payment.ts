import type { CardInput, PayMethod, TestWalletNetwork } from '../../shared/pay';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { charge as runCharge, type Charge } from './processor';
import { recordTransaction, type RecordedTransaction, type TransactionChannel } from './transactions';

/**
 * Taking one payment: the amount charged through the sandbox processor and the attempt recorded as
 * a transaction with the fees of its outcome. The payer's link (`pay`) takes its payments here, and
 * so does every channel without a payer page of its own (online checkout, POS terminal, a vendor's
 * marketplace), so that every transaction comes from the same charge and the same record.
 */

export interface PaymentRequest {
  merchantId: number;
  channel: TransactionChannel;
  method: PayMethod;
  /** Integer fils, more than zero. */
  amount: bigint;
  /** The card's details for a card payment (checked: 400 field errors when bad). */
  card?: CardInput;
  /** A wallet payment in the sandbox: the network of the card in the test wallet. */
  walletNetwork?: TestWalletNetwork;
  /** Only authorise a card payment (the merchant captures it later, within `captureDays`). */
  authorizeOnly?: boolean;
  /** Days an authorisation may wait for its capture. */
  captureDays?: number;
  customer: { name: string | null; mobile: string | null };
  /** The reference of what was paid (an invoice, a part, an open invoice or a subscription), if any. */
  invoiceReference?: string | null;
  /** The vendor of a multi-vendor payment. */
  subMerchant?: string | null;
  /** Where the paid record asks this payment's webhook to go; else the merchant's own. */
  webhookUrl?: string | null;
  now: Date;
}

export interface TakenPayment {
  charge: Charge;
  transaction: RecordedTransaction;
}

/**
 * Charges `request.amount` and records the attempt (announced to the merchant's webhook when
 * final), in the caller's transaction `q`. Whatever the outcome (a success, a decline, a payment
 * still pending) the attempt is a transaction; what it paid for is the caller's to mark.
 */
export async function takePayment(ctx: ServerContext, q: Queryable, request: PaymentRequest): Promise<TakenPayment> {
  const { amount, method, card, walletNetwork, authorizeOnly } = request;
  const charge = runCharge({ amount, method, card, walletNetwork, authorizeOnly }, request.now);
  const transaction = await recordTransaction(q, ctx, {
    merchantId: request.merchantId,
    invoiceReference: request.invoiceReference ?? null,
    channel: request.channel,
    method: request.method,
    amount: request.amount,
    customerName: request.customer.name,
    customerMobile: request.customer.mobile,
    subMerchant: request.subMerchant ?? null,
    charge,
    now: request.now,
    webhookUrl: request.webhookUrl ?? null,
    captureDays: request.captureDays,
  });
  return { charge, transaction };
}
