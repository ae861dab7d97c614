import type { RuleCase } from './types';

/**
 * Rules of SPEC §5 on refunds, captures, subscriptions, open invoices and split invoices. Refunds
 * and captures name a transaction of the demo merchant: transactions are the gateway's records
 * (made by the demo's payments), found by status and amount (`"$demo:<status>:<amount>"`): the
 * demo data makes card successes of 297.500, 189.617 and 177.000 KWD and online authorisations of
 * 355.250, 186.750 and 315.500 KWD, none refunded nor captured yet. A request's pending amount (and a refund's total)
 * is the transaction's (`x-from`): the form fills it from the transaction chosen and the server
 * takes it from there whatever is sent, so the cases send the real amounts. Each accepted refund or
 * capture takes its amount off the transaction's pending amount, so the cases that refund or
 * capture all of it have transactions of their own.
 */

const SUCCESSFUL_TRANSACTION = { id: '$demo:success:297.500', amount: '297.500', pending: '297.500' };
const AUTHORIZED_TRANSACTION = { id: '$demo:authorized:355.250', pending: '355.250' };
const FULLY_REFUNDED_TRANSACTION = { id: '$demo:success:189.617', amount: '189.617', pending: '189.617' };
const ANOTHER_SUCCESSFUL_TRANSACTION = { id: '$demo:success:177.000', amount: '177.000', pending: '177.000' };
const ANOTHER_AUTHORIZED_TRANSACTION = '$demo:authorized:186.750';
const FULLY_CAPTURED_TRANSACTION = { id: '$demo:authorized:315.500', pending: '315.500' };

const refund = {
  transaction_id: SUCCESSFUL_TRANSACTION.id,
  method: 'partial',
  total_amount: SUCCESSFUL_TRANSACTION.amount,
  pending_amount: SUCCESSFUL_TRANSACTION.pending,
  refund_amount: '20.500',
};

const capture = {
  transaction_id: AUTHORIZED_TRANSACTION.id,
  capture_type: 'partial',
  pending_amount: AUTHORIZED_TRANSACTION.pending,
  amount: '30.000',
};

const subscription = {
  customer_name: 'مريم الشمري',
  mobile: '96566001122',
  amount: '15.000',
  frequency: 'monthly',
  number_of_periods: 12,
  start_date: '2027-01-01',
};

const openInvoice = {
  title: 'Donation for Ramadan iftar',
  amount_type: 'open',
  min_amount: '5.000',
  max_amount: '100.000',
};

const SUBSCRIPTION_PERIOD = 'Subscription period must be at most 1 year from its start date';

const cases: RuleCase[] = [
  {
    rule: 'Refund amount must be less than or equal to the pending amount',
    entity: 'refund',
    valid: refund,
    bad: { refund_amount: '297.501' },
    field: 'refund_amount',
    message: 'Refund amount must be less than or equal to the pending amount',
  },
  {
    rule: 'Refund amount must be less than or equal to the pending amount (a full refund of the pending amount is allowed)',
    entity: 'refund',
    valid: {
      ...refund,
      transaction_id: FULLY_REFUNDED_TRANSACTION.id,
      method: 'full',
      total_amount: FULLY_REFUNDED_TRANSACTION.amount,
      pending_amount: FULLY_REFUNDED_TRANSACTION.pending,
      refund_amount: FULLY_REFUNDED_TRANSACTION.pending,
    },
    // A refunded transaction can be refunded no more: the refusal for too much is shown on another.
    bad: {
      transaction_id: ANOTHER_SUCCESSFUL_TRANSACTION.id,
      total_amount: ANOTHER_SUCCESSFUL_TRANSACTION.amount,
      pending_amount: ANOTHER_SUCCESSFUL_TRANSACTION.pending,
      refund_amount: '177.001',
    },
    field: 'refund_amount',
    message: 'Refund amount must be less than or equal to the pending amount',
  },
  {
    rule: "Refund amount must be less than or equal to the pending amount (the transaction's, not a larger one sent)",
    entity: 'refund',
    valid: refund,
    bad: { total_amount: '1000.000', pending_amount: '1000.000', refund_amount: '297.501' },
    field: 'refund_amount',
    message: 'Refund amount must be less than or equal to the pending amount',
    serverOnly: true,
  },
  {
    rule: 'Enter valid amount (refund)',
    entity: 'refund',
    valid: refund,
    bad: { refund_amount: '20.0001' },
    field: 'refund_amount',
    message: 'Enter valid amount',
  },
  {
    rule: 'Capture amount must be less than or equal to the pending amount',
    entity: 'capture',
    valid: capture,
    // A captured transaction is no longer authorised: the refusal for too much is shown on another.
    bad: { transaction_id: ANOTHER_AUTHORIZED_TRANSACTION, pending_amount: '186.750', amount: '186.751' },
    field: 'amount',
    message: 'Capture amount must be less than or equal to the pending amount',
  },
  {
    rule: "Capture amount must be less than or equal to the pending amount (the transaction's, not a larger one sent)",
    entity: 'capture',
    valid: {
      ...capture,
      transaction_id: FULLY_CAPTURED_TRANSACTION.id,
      capture_type: 'full',
      pending_amount: FULLY_CAPTURED_TRANSACTION.pending,
      amount: FULLY_CAPTURED_TRANSACTION.pending,
    },
    bad: { transaction_id: ANOTHER_AUTHORIZED_TRANSACTION, pending_amount: '500.000', amount: '186.751' },
    field: 'amount',
    message: 'Capture amount must be less than or equal to the pending amount',
    serverOnly: true,
  },
  {
    rule: 'Subscription period at most 1 year from its start date (monthly)',
    entity: 'subscription',
    valid: subscription,
    bad: { number_of_periods: 13 },
    field: 'start_date',
    message: SUBSCRIPTION_PERIOD,
  },
  {
    rule: 'Subscription period at most 1 year from its start date (weekly)',
    entity: 'subscription',
    valid: { ...subscription, frequency: 'weekly', number_of_periods: 52 },
    bad: { number_of_periods: 53 },
    field: 'start_date',
    message: SUBSCRIPTION_PERIOD,
  },
  {
    rule: 'Subscription period at most 1 year from its start date (half yearly)',
    entity: 'subscription',
    valid: { ...subscription, frequency: 'half_yearly', number_of_periods: 2 },
    bad: { number_of_periods: 3 },
    field: 'start_date',
    message: SUBSCRIPTION_PERIOD,
  },
  {
    rule: 'Maximum amount must exceed minimum amount (open invoice)',
    entity: 'open_invoice',
    valid: openInvoice,
    bad: { max_amount: '5.000' },
    field: 'max_amount',
    message: 'Maximum amount must exceed minimum amount',
  },
  {
    rule: 'Required fields: an open amount needs its minimum and maximum',
    entity: 'open_invoice',
    valid: openInvoice,
    bad: { min_amount: undefined },
    field: 'min_amount',
    message: 'This field is required',
  },
  {
    rule: 'Required fields: a fixed amount needs the amount',
    entity: 'open_invoice',
    valid: { title: 'Workshop seat', amount_type: 'fixed', amount: '20.000' },
    bad: { amount: undefined },
    field: 'amount',
    message: 'This field is required',
  },
  {
    rule: 'Split count must be greater than zero',
    entity: 'invoice',
    valid: { customer_name: 'Khalid Al-Enezi', mobile: '96550001234', amount: '90.000', kind: 'split', split_parts: 3 },
    bad: { split_parts: 0 },
    field: 'split_parts',
    message: 'Split count must be greater than zero',
  },
  {
    rule: 'Split amount must be greater than zero',
    entity: 'invoice',
    valid: { customer_name: 'Khalid Al-Enezi', mobile: '96550001234', amount: '90.000', kind: 'split', split_parts: 3 },
    bad: { amount: '0.000' },
    field: 'amount',
    message: 'Enter valid amount',
  },
  {
    rule: 'At least one customer must be selected (group invoice)',
    entity: 'invoice',
    setup: [{ entity: 'customer', values: { name: 'Group Rule Customer', mobile: '96550007788' } }],
    valid: { kind: 'group', amount: '12.000', customer_ids: ['$setup:0'] },
    bad: { customer_ids: [] },
    field: 'customer_ids',
    message: 'At least one customer must be selected',
  },
  {
    rule: 'A scheduled SMS is sent at a future time',
    entity: 'invoice',
    valid: {
      customer_name: 'Khalid Al-Enezi',
      mobile: '96550001234',
      amount: '9.000',
      kind: 'scheduled',
      scheduled_at: '2099-01-01T09:00:00.000Z',
    },
    bad: { scheduled_at: '2020-01-01T09:00:00.000Z' },
    field: 'scheduled_at',
    message: 'Choose a time in the future',
  },
  {
    rule: 'Required fields: a delivery-company invoice needs the delivery city',
    entity: 'invoice',
    valid: {
      customer_name: 'Khalid Al-Enezi',
      mobile: '96550001234',
      amount: '9.000',
      kind: 'delivery',
      delivery_city: 'salmiya',
      delivery_address: 'Block 4, Street 12, House 7',
    },
    bad: { delivery_city: undefined },
    field: 'delivery_city',
    message: 'This field is required',
  },
];

export default cases;
