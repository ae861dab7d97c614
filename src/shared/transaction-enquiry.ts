import type { EntityRecord } from '../generated/entities';

/**
 * Transaction enquiry as the API answers it (`GET /v1/transaction-enquiry`), shared by the
 * server's route and the portal's screen.
 */

/** What a transaction can be searched by; `mobile` goes with `amount`. */
export const ENQUIRY_KEYS = ['reference_no', 'track_id', 'payment_id', 'mobile'] as const;

export type EnquiryKey = (typeof ENQUIRY_KEYS)[number];

/** The query of one enquiry (amount in KWD, with `mobile`). */
export type EnquirySearch = Partial<Record<EnquiryKey | 'amount', string>>;

/** The processor's status of a payment. */
export type ProcessorStatus = 'success' | 'failed' | 'pending' | 'authorized' | 'voided';

export interface EnquiredTransaction {
  transaction: EntityRecord<'transaction'>;
  /** The status stored before the processor was asked. */
  stored_status: string;
  /** What the processor says now; null when it never saw the payment (cash). */
  processor_status: ProcessorStatus | null;
}

export interface EnquiryAnswer {
  transactions: EnquiredTransaction[];
  /** Shown when the same mobile paid the same amount more than once within 10 minutes; else null. */
  advice: string | null;
}
