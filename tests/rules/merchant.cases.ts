import type { RuleCase } from './types';

/**
 * Rules of SPEC §5 on the merchant's profile, sub-merchants, their services and compliance. "A
 * webhook URL must be entered" is a rule of the notification settings, a record each merchant has
 * once and writes at its own endpoint rather than creates: tests/api/merchant.test.ts (API) and
 * src/portal/pages/own/ownScreens.test.tsx (form) check it.
 */

/** A date `months` calendar months from today (documents must stay valid long enough). */
function monthsAhead(months: number): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

const subMerchant = {
  name: 'Fahaheel Branch',
  name_ar: 'فرع الفحيحيل',
  email: 'fahaheel@alnoor-trading.com.kw',
  mobile: '99001122',
};

const signatory = {
  name: 'Abdulrahman Al-Kandari',
  civil_id: '279050409876',
  civil_id_expiry: monthsAhead(12),
  designation: 'authorized_signatory',
  mobile: '96596554321',
};

const document = { name: 'Commercial license', type: 'commercial_license', expiry_date: monthsAhead(7) };

const service = { sub_merchant_id: '$setup:0', payment_type: 'knet', service_type: 'payment_gateway' };
const withSubMerchant = [{ entity: 'merchant', values: { ...subMerchant, name: 'Mangaf Branch' } }];

const cases: RuleCase[] = [
  {
    rule: 'E-mail must be valid; multiple notification e-mails are comma-separated',
    entity: 'merchant',
    valid: { ...subMerchant, notification_emails: 'accounts@alnoor-trading.com.kw, hessa@alnoor-trading.com.kw' },
    bad: { notification_emails: 'accounts@alnoor-trading.com.kw; hessa@alnoor' },
    field: 'notification_emails',
    message: 'Enter valid e-mail addresses separated by commas',
  },
  {
    rule: 'Bank details: a valid Kuwaiti IBAN',
    entity: 'merchant',
    valid: { ...subMerchant, iban: 'KW81NBOK0000000000001000372151' },
    bad: { iban: 'KW81NBOK00000000' },
    field: 'iban',
    message: 'Enter a valid Kuwaiti IBAN: KW, 2 digits, 4 letters and 22 letters or digits',
  },
  {
    rule: 'Maximum amount must exceed minimum amount',
    entity: 'merchant',
    valid: { ...subMerchant, min_value: '5.000', max_value: '500.000' },
    bad: { max_value: '5.000' },
    field: 'max_value',
    message: 'Maximum amount must exceed minimum amount',
  },
  {
    rule: 'Documents: valid for at least 4 months',
    entity: 'document',
    valid: document,
    bad: { expiry_date: monthsAhead(2) },
    field: 'expiry_date',
    message: 'The document must be valid for at least 4 months',
  },
  {
    rule: 'Payment type and service type must be selected',
    entity: 'merchant_service',
    setup: withSubMerchant,
    valid: service,
    bad: { payment_type: undefined },
    field: 'payment_type',
    message: 'Payment type must be selected',
  },
  {
    rule: 'Payment type and service type must be selected',
    entity: 'merchant_service',
    setup: withSubMerchant,
    valid: service,
    bad: { service_type: undefined },
    field: 'service_type',
    message: 'Service type must be selected',
  },
  {
    rule: 'Mobile number at least 11 digits including country code',
    entity: 'signatory',
    valid: signatory,
    bad: { mobile: '96554321' },
    field: 'mobile',
    message: 'Mobile number must have at least 11 digits including the country code',
  },
];

export default cases;
