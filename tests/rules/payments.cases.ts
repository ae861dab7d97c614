import type { RuleCase } from './types';

/**
 * Rules of SPEC §5 on refunds, captures, subscriptions, open invoices and split invoices. Refunds
 * and captures name a transaction of the demo merchant: transactions are the gateway's records
 * (no API creates one), and the demo data makes the first a success and the second authorized.
 */

const SUCCESSFUL_TRANSACTION = 1;
const AUTHORIZED_TRANSACTION = 2;

const refund = {
  transaction_id: SUCCESSFUL_TRANSACTION,
  method: 'partial',
  total_amount: '80.000',
  pending_amount: '50.000',
  refund_amount: '20.500',
};

const capture = {
  transaction_id: AUTHORIZED_TRANSACTION,
  capture_type: 'partial',
  pending_amount: '45.250',
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
    bad: { refund_amount: '50.001' },
    field: 'refund_amount',
    message: 'Refund amount must be less than or equal to the pending amount',
  },
  {
    rule: 'Refund amount must be less than or equal to the pending amount (a full refund of the pending amount is allowed)',
    entity: 'refund',
    valid: { ...refund, method: 'full', refund_amount: '50.000' },
    bad: { pending_amount: '49.999' },
    field: 'refund_amount',
    message: 'Refund amount must be less than or equal to the pending amount',
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
    bad: { amount: '45.251' },
    field: 'amount',
    message: 'Capture amount must be less than or equal to the pending amount',
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
];

export default cases;
