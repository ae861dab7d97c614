import type { RuleCase } from './types';

/**
 * Rules of SPEC §5 on property management: assets, units, tenants and expenses. Most need records
 * of other entities first (categories, an asset, its units); each case makes its own, named after
 * the case, since category, asset and unit names are unique.
 */

type Setup = NonNullable<RuleCase['setup']>;

/** An asset category, a unit category and an asset of `units` places holding one unit (setup 0, 1, 2). */
function anAsset(tag: string, units = 3): Setup {
  return [
    { entity: 'asset_category', values: { name: `${tag} buildings`, name_ar: `مباني ${tag}` } },
    { entity: 'unit_category', values: { name: `${tag} flats`, name_ar: `شقق ${tag}` } },
    {
      entity: 'asset',
      values: {
        name: `${tag} Tower`,
        category_id: '$setup:0',
        classification: 'residential',
        number_of_units: units,
        units: [{ name: 'Flat 1', category_id: '$setup:1', rent_amount: '300.000' }],
      },
    },
  ];
}

/** A unit of the asset of `anAsset` (its category is setup 1, the asset setup 2). */
const unit = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  asset_id: '$setup:2',
  category_id: '$setup:1',
  rent_amount: '350.000',
  ...extra,
});

/** `anAsset` plus a unit to rent (setup 3). */
const aUnitToRent = (tag: string): Setup => [...anAsset(tag), { entity: 'unit', values: unit('Flat 2') }];

const tenant = {
  name: 'Abdullah Al-Kandari',
  civil_id: '289041512345',
  mobile: '96555123456',
  unit_id: '$setup:3',
  contract_start: '2026-01-01',
  contract_end: '2026-12-31',
  rent_period: 'monthly',
  invoice_sending_day: 30,
};

const asset = (name: string) => ({
  name,
  category_id: '$setup:0',
  classification: 'commercial',
  number_of_units: 2,
  units: [{ name: 'Shop 1', category_id: '$setup:1', rent_amount: '900.000' }],
});

const cases: RuleCase[] = [
  {
    rule: 'Rent amount must be greater than the discount amount',
    entity: 'unit',
    setup: anAsset('Rules rent'),
    valid: unit('Flat 2', { discount_status: true, discount_amount: '25.000' }),
    bad: { rent_amount: '25.000' },
    field: 'rent_amount',
    message: 'rent must exceed discount',
  },
  {
    rule: 'Rent invoice sending day is 1 to 30',
    entity: 'tenant',
    setup: aUnitToRent('Rules sending day'),
    valid: tenant,
    bad: { invoice_sending_day: 31 },
    field: 'invoice_sending_day',
    message: 'Rent invoice sending day is 1 to 30',
  },
  {
    rule: 'Rent invoice sending day is 1 to 30 (not 0)',
    entity: 'tenant',
    setup: aUnitToRent('Rules day zero'),
    valid: { ...tenant, invoice_sending_day: 1 },
    bad: { invoice_sending_day: 0 },
    field: 'invoice_sending_day',
    message: 'Rent invoice sending day is 1 to 30',
  },
  {
    rule: 'Mobile number at least 11 digits including country code (tenant)',
    entity: 'tenant',
    setup: aUnitToRent('Rules mobile'),
    valid: tenant,
    bad: { mobile: '5512345' },
    field: 'mobile',
    message: 'Mobile number must have at least 11 digits including the country code',
  },
  {
    rule: 'Mobile number at least 11 digits including country code (second tenant mobile)',
    entity: 'tenant',
    setup: aUnitToRent('Rules mobile two'),
    valid: { ...tenant, mobile_2: '96566123456' },
    bad: { mobile_2: '6612345' },
    field: 'mobile_2',
    message: 'Mobile number must have at least 11 digits including the country code',
  },
  {
    rule: 'Civil ID of a tenant is 12 digits',
    entity: 'tenant',
    setup: aUnitToRent('Rules civil id'),
    valid: tenant,
    bad: { civil_id: '28904151234' },
    field: 'civil_id',
    message: 'Civil ID must be 12 digits',
  },
  {
    rule: 'Enter valid amount (expense)',
    entity: 'expense',
    setup: [{ entity: 'expense_category', values: { name: 'Rules repairs', type: 'maintenance' } }],
    valid: { name: 'AC repair', category_id: '$setup:0', amount: '45.500', date: '2026-10-12' },
    bad: { amount: '0' },
    field: 'amount',
    message: 'Enter valid amount',
  },
  {
    rule: 'At least one unit must be added before saving an asset',
    entity: 'asset',
    setup: anAsset('Rules first unit').slice(0, 2),
    valid: asset('Rules Plaza'),
    bad: { units: [] },
    field: 'units',
    message: 'Add at least one unit before saving the asset',
  },
  {
    rule: 'Asset names must not be duplicated',
    entity: 'asset',
    setup: anAsset('Rules duplicate asset'),
    valid: asset('Rules duplicate asset Annex'),
    bad: { name: ' rules duplicate asset tower ' },
    field: 'name',
    message: 'asset name is duplicated',
    status: 409,
    serverOnly: true,
  },
  {
    rule: 'Unit names must not be duplicated (within an asset)',
    entity: 'unit',
    setup: anAsset('Rules duplicate unit'),
    valid: unit('Flat 2'),
    bad: { name: 'FLAT 1' },
    field: 'name',
    message: 'unit name is duplicated',
    status: 409,
    serverOnly: true,
  },
  {
    rule: 'The unit limit of an asset must not be exceeded',
    entity: 'unit',
    setup: anAsset('Rules unit limit', 2),
    valid: unit('Flat 2'),
    bad: { name: 'Flat 3' },
    field: 'asset_id',
    message: 'Unit Limit Exceed for this Asset',
    status: 409,
    serverOnly: true,
  },
  {
    rule: 'The unit limit of an asset must not be exceeded (units added with the asset)',
    entity: 'asset',
    setup: anAsset('Rules inline limit').slice(0, 2),
    valid: { ...asset('Rules Inline Limit Plaza'), number_of_units: 1 },
    bad: {
      name: 'Rules Inline Limit Mall',
      units: [
        { name: 'Shop 1', category_id: '$setup:1', rent_amount: '900.000' },
        { name: 'Shop 2', category_id: '$setup:1', rent_amount: '900.000' },
      ],
    },
    field: 'units',
    message: 'Unit Limit Exceed for this Asset',
    status: 409,
    serverOnly: true,
  },
  {
    rule: 'An asset category must exist before creating an asset',
    entity: 'asset',
    setup: anAsset('Rules asset category').slice(0, 2),
    valid: asset('Rules Category Plaza'),
    bad: { name: 'Rules Category Mall', category_id: 2147483000 },
    field: 'category_id',
    message: 'An asset category must exist before creating an asset',
    serverOnly: true,
  },
  {
    rule: 'A unit category must exist before creating a unit',
    entity: 'unit',
    setup: anAsset('Rules unit category'),
    valid: unit('Flat 2'),
    bad: { name: 'Flat 3', category_id: 2147483000 },
    field: 'category_id',
    message: 'A unit category must exist before creating a unit',
    serverOnly: true,
  },
  {
    rule: 'Unit rental status blocked: a blocked unit cannot be selected',
    entity: 'tenant',
    setup: [
      ...aUnitToRent('Rules blocked unit'),
      { entity: 'unit', values: unit('Flat 3', { rental_status: 'blocked' }) },
    ],
    valid: tenant,
    bad: { unit_id: '$setup:4' },
    field: 'unit_id',
    message: 'selected unit is blocked',
    serverOnly: true,
  },
];

export default cases;
