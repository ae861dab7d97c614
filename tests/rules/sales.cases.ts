import type { RuleCase } from './types';

/** Rules of SPEC §5 on sales lists, categories, products, POS terminal subscriptions and customers. */

const saleList = {
  name: 'Summer Dates Offer',
  type: 'store',
  product_ids: ['$setup:0'],
  discount_type: 'fixed',
  discount_value: '1.000',
  start_date: '2026-03-01',
  end_date: '2026-08-31',
};

const aProduct = { entity: 'product', values: { title: 'Rule test dates', title_ar: 'تمر للاختبار', price: '2.000' } };

const cases: RuleCase[] = [
  {
    rule: 'At least one product must be selected',
    entity: 'sale_list',
    setup: [aProduct],
    valid: saleList,
    bad: { product_ids: [] },
    field: 'product_ids',
    message: 'choose at least one product',
  },
  {
    rule: 'Date range at most 6 months (sales)',
    entity: 'sale_list',
    setup: [aProduct],
    valid: saleList,
    bad: { end_date: '2026-09-02' },
    field: 'end_date',
    message: 'The end date must be on or after the start date and within 6 months',
  },
  {
    rule: 'A date range must be selected: the end of a sale comes after its start',
    entity: 'sale_list',
    setup: [aProduct],
    valid: saleList,
    bad: { end_date: '2026-02-28' },
    field: 'end_date',
    message: 'The end date must be on or after the start date and within 6 months',
  },
  {
    rule: 'Enter valid amount (sale list discount)',
    entity: 'sale_list',
    setup: [aProduct],
    valid: saleList,
    bad: { discount_value: '1.2345' },
    field: 'discount_value',
    message: 'Enter valid amount',
  },
  {
    rule: 'Category names must not be duplicated (within product or sales categories)',
    entity: 'category',
    setup: [{ entity: 'category', values: { name: 'Gift Sets', name_ar: 'أطقم هدايا', type: 'product' } }],
    valid: { name: 'Gift Cards', name_ar: 'بطاقات هدايا', type: 'product' },
    bad: { name: ' gift sets ' },
    field: 'name',
    message: 'category name is duplicated',
    status: 409,
    serverOnly: true,
  },
  {
    rule: 'A product takes a product category, not a sales category',
    entity: 'product',
    setup: [{ entity: 'category', values: { name: 'Rule offers', name_ar: 'عروض الاختبار', type: 'sales' } }],
    valid: { title: 'Rule test coffee', title_ar: 'قهوة للاختبار', price: '3.500' },
    bad: { category_id: '$setup:0' },
    field: 'category_id',
    message: 'Choose a product category',
    serverOnly: true,
  },
  {
    rule: 'Subscription period at most 1 year from its start date (POS terminal)',
    entity: 'terminal_subscription',
    setup: [{ entity: 'pos_terminal', values: { terminal_id: 'TID-RULE-01', name: 'Rule test terminal' } }],
    valid: {
      terminal_id: '$setup:0',
      plan: 'basic',
      monthly_charge: '5.000',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    },
    bad: { end_date: '2027-01-02' },
    field: 'end_date',
    message: 'The end date must be on or after the start date and within 12 months',
  },
  {
    rule: 'Mobile number at least 11 digits including country code (customer)',
    entity: 'customer',
    valid: { name: 'Rule Test Customer', mobile: '96550001234' },
    bad: { mobile: '9655000123' },
    field: 'mobile',
    message: 'Mobile number must have at least 11 digits including the country code',
  },
  {
    rule: 'A civil ID has 12 digits (customer)',
    entity: 'customer',
    valid: { name: 'Rule Test Customer', mobile: '96550001234', civil_id: '290010112345' },
    bad: { civil_id: '29001011234' },
    field: 'civil_id',
    message: 'Civil ID must be 12 digits',
  },
  // Product images (at most 400 × 160 pixels, under 1 MB) travel as files, not JSON: see
  // tests/api/products.test.ts and the file widget's tests.
];

export default cases;
