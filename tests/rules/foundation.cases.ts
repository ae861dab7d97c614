import type { RuleCase } from './types';
import { noPermissions } from '../../src/server/merchants/permissions';

/**
 * Rules of SPEC §5 on the first entities (invoices, employees, products). Image size is a file
 * rule checked on upload (tests/api/products.test.ts); search text length is a list-query rule
 * (tests/api/rules.test.ts).
 */

const invoice = { customer_name: 'فاطمة الصباح', mobile: '96550001234', email: 'fatima@example.kw', amount: '12.500' };

const none = noPermissions();
/** Every employee case signs up its own e-mail: sign-in names are unique across the product. */
const employee = (email: string) => ({
  name: 'Yousef Al-Mutairi',
  email,
  designation: 'Accountant',
  password: 'Yousef@2025',
  permissions: { ...none, general: ['invoices'] },
});

const product = { title: 'Cardamom 250 g', title_ar: 'هيل ٢٥٠ غ', price: '2.750' };

const cases: RuleCase[] = [
  {
    rule: 'Required fields: Fill all * required fields',
    entity: 'invoice',
    valid: invoice,
    bad: { customer_name: undefined },
    field: 'customer_name',
    message: 'This field is required',
  },
  {
    rule: 'Required fields: Fill all * required fields',
    entity: 'product',
    valid: product,
    bad: { price: undefined },
    field: 'price',
    message: 'This field is required',
  },
  {
    rule: 'Password: at least six characters including a symbol, a digit, an uppercase and a lowercase letter',
    entity: 'employee',
    valid: employee('rules.password@demo.test'),
    bad: { password: 'yousef@2025' },
    field: 'password',
    message:
      'Password must be at least six characters and include a symbol, a digit, an uppercase and a lowercase letter',
  },
  {
    rule: 'Password: at least six characters',
    entity: 'employee',
    valid: employee('rules.short-password@demo.test'),
    bad: { password: 'Yo@1' },
    field: 'password',
    message:
      'Password must be at least six characters and include a symbol, a digit, an uppercase and a lowercase letter',
  },
  {
    rule: 'E-mail must be valid',
    entity: 'employee',
    valid: employee('rules.email@demo.test'),
    bad: { email: 'yousef@demo' },
    field: 'email',
    message: 'Enter a valid e-mail address',
  },
  {
    rule: 'E-mail must be valid',
    entity: 'invoice',
    valid: invoice,
    bad: { email: 'fatima.example.kw' },
    field: 'email',
    message: 'Enter a valid e-mail address',
  },
  {
    rule: 'Mobile number at least 11 digits including country code',
    entity: 'invoice',
    valid: invoice,
    bad: { mobile: '9655000123' },
    field: 'mobile',
    message: 'Mobile number must have at least 11 digits including the country code',
  },
  {
    rule: 'Maximum amount must exceed minimum amount',
    entity: 'open_invoice',
    valid: { title: 'Gift voucher', amount_type: 'open', min_amount: '5.000', max_amount: '5.001' },
    bad: { max_amount: '5' },
    field: 'max_amount',
    message: 'Maximum amount must exceed minimum amount',
  },
  {
    rule: 'Enter valid amount (an amount is greater than zero)',
    entity: 'invoice',
    valid: { ...invoice, amount: '0.001' },
    bad: { amount: '0.000' },
    field: 'amount',
    message: 'Enter valid amount',
  },
  {
    rule: 'Enter valid amount (at most three decimals)',
    entity: 'invoice',
    valid: invoice,
    bad: { amount: '12.5001' },
    field: 'amount',
    message: 'Enter valid amount',
  },
  {
    rule: 'Enter valid amount (a product price is greater than zero)',
    entity: 'product',
    valid: product,
    bad: { price: '0' },
    field: 'price',
    message: 'Enter valid amount',
  },
  {
    rule: 'At least one permission must be selected for an employee',
    entity: 'employee',
    valid: employee('rules.permissions@demo.test'),
    bad: { permissions: none },
    field: 'permissions',
    message: 'At least one permission must be selected',
  },
];

export default cases;
