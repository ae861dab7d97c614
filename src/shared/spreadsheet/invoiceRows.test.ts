import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { createAjv } from '../../schema/ajv';
import { getEntitySchema } from '../../schema/registry';
import { writeSchema } from '../../schema/variants';
import { translate, type Catalogue } from '../i18n';
import type { Sheet } from './cells';
import {
  bulkColumns,
  checkSheet,
  mapHeader,
  requiredColumns,
  templateCsv,
  type BulkCheck,
  type RowProblem,
} from './invoiceRows';
import { parseSpreadsheet } from './sheet';

const schema = writeSchema(getEntitySchema('invoice'), 'create');
const validate = createAjv().compile(schema);
const fixture = (name: string) => parseSpreadsheet(name, new Uint8Array(readFileSync(`tests/fixtures/bulk/${name}`)));
const check = (sheet: Sheet, aliases?: Record<string, string>) => checkSheet(sheet, { schema, validate, aliases });

/** Each problem as the user reads it: row, field label and message in `language`. */
function report(problems: RowProblem[], language: 'en' | 'ar'): string[] {
  const catalogue = ({ en, ar } as Record<string, Catalogue>)[language];
  return problems.map(
    ({ row, field, key, params }) =>
      `${row} ${translate(catalogue, `resources.invoice.fields.${field}`)}: ${translate(catalogue, key, params)}`,
  );
}

describe('invoices of an uploaded sheet', () => {
  it('offers the template columns the invoice schema has, and needs customer, mobile and amount', () => {
    expect(bulkColumns(schema)).toEqual([
      'customer_name',
      'mobile',
      'email',
      'amount',
      'description',
      'expiry_date',
      'invoice_number',
      'title',
    ]);
    expect(templateCsv(bulkColumns(schema))).toBe(
      '\uFEFFcustomer_name,mobile,email,amount,description,expiry_date,invoice_number,title\r\n',
    );
    expect(requiredColumns(schema, validate).sort()).toEqual(['amount', 'customer_name', 'mobile']);
  });

  it('maps header cells by name in any case and spacing, or by label; unknown and repeated columns are ignored', () => {
    const columns = bulkColumns(schema);
    expect(
      mapHeader([' Customer Name ', 'MOBILE', 'Amount', 'vip', 'mobile', 'البريد الإلكتروني', null], columns, {
        'البريد الإلكتروني': 'email',
      }),
    ).toEqual(['customer_name', 'mobile', 'amount', null, null, 'email', null]);
  });

  const expectFixture = (result: BulkCheck) => {
    expect(result.totalRows).toBe(5);
    expect(result.invalidRows).toBe(2);
    expect(result.totalAmount).toBe('30.000');
    expect(result.rows).toEqual([
      {
        row: 2,
        values: {
          customer_name: 'Ahmed Al-Sabah',
          mobile: '96550000001',
          amount: '12.500',
          expiry_date: '2026-12-31',
          email: 'ahmed@example.com',
          description: 'Catering, "VIP" order',
          invoice_number: 'A-1001',
          title: 'Catering',
        },
      },
      {
        row: 3,
        values: {
          customer_name: 'نورة الرشيدي',
          mobile: '96550000002',
          amount: '7.000',
          expiry_date: '2027-01-15',
          description: 'وصف عربي',
          title: 'طلب ضيافة',
        },
      },
      {
        row: 5,
        values: {
          customer_name: 'Fatima Al-Mutairi',
          mobile: '96560000003',
          amount: '10.500',
          expiry_date: '2027-02-01',
          email: 'fatima@example.com',
          description: 'Line one\nLine two',
        },
      },
    ]);
  };

  it.each(['invoices.csv', 'invoices.xlsx', 'invoices.xls'])(
    'reads the same three invoices and two invalid rows from %s',
    (name) => {
      const result = check(fixture(name));
      expectFixture(result);
      expect(report(result.problems, 'en')).toEqual([
        '6 Mobile: Mobile number must have at least 11 digits including the country code',
        '6 Amount: Enter valid amount',
        '7 Customer name: This field is required',
        '7 Amount: Enter valid amount',
        '7 E-mail: Enter a valid e-mail address',
      ]);
    },
  );

  it('says what is wrong in Arabic too', () => {
    const arabic = report(check(fixture('invoices.csv')).problems, 'ar');
    const catalogue = ar as Catalogue;
    const label = (field: string) => translate(catalogue, `resources.invoice.fields.${field}`);
    expect(arabic).toEqual([
      `6 ${label('mobile')}: ${translate(catalogue, 'validation.format.mobile')}`,
      `6 ${label('amount')}: ${translate(catalogue, 'validation.amount')}`,
      `7 ${label('customer_name')}: ${translate(catalogue, 'validation.required')}`,
      `7 ${label('amount')}: ${translate(catalogue, 'validation.amount')}`,
      `7 ${label('email')}: ${translate(catalogue, 'validation.format.email')}`,
    ]);
    // Real Arabic, not the English text or a key.
    for (const line of arabic) expect(line).toMatch(/[\u0600-\u06ff]/);
    expect(arabic[2]).not.toContain('required');
  });

  it('reads the same 300 invoices from CSV, XLSX and XLS (long Arabic texts, numbers as mobiles)', () => {
    const [csv, xlsx, xls] = ['many.csv', 'many.xlsx', 'many.xls'].map((name) => check(fixture(name)));
    expect(csv.rows).toHaveLength(300);
    expect(csv.problems).toEqual([]);
    expect(xlsx.rows).toEqual(csv.rows);
    expect(xls.rows).toEqual(csv.rows);
    expect(csv.rows[299].values).toMatchObject({ mobile: '96550000299', amount: '374.750' });
  });

  it('turns cells into invoice values: day-first dates, date serials, spaced mobiles, amounts with more decimals refused', () => {
    const result = check({
      rows: [
        ['customer_name', 'mobile', 'amount', 'expiry_date', 'invoice_number'],
        ['A', '+965 5000-0001', '1,5', '31/12/2026', 1234],
        ['B', 96550000002, 0.1 + 0.2, 46387, null],
        ['C', '96550000003', 1.0005, '2026-12-31', 'INV 1'],
      ],
    });
    expect(result.rows).toEqual([
      { row: 3, values: { customer_name: 'B', mobile: '96550000002', amount: '0.300', expiry_date: '2026-12-31' } },
    ]);
    expect(report(result.problems, 'en')).toEqual([
      '2 Amount: Enter valid amount',
      '4 Amount: Enter valid amount',
      `4 Invoice number: ${translate(en as Catalogue, 'validation.invoice_number')}`,
    ]);
  });

  it('refuses a file without rows, without a required column or with too many rows', () => {
    expect(() => check({ rows: [[], [null, '  ']] })).toThrowError(
      expect.objectContaining({ key: 'app.bulk.no_rows' }),
    );
    expect(() => check({ rows: [['customer_name', 'mobile', 'amount']] })).toThrowError(
      expect.objectContaining({ key: 'app.bulk.no_rows' }),
    );
    expect(() =>
      check({
        rows: [
          ['Customer name', 'e-mail'],
          ['A', 'a@example.com'],
        ],
      }),
    ).toThrowError(
      expect.objectContaining({ key: 'app.bulk.missing_columns', params: { fields: ['mobile', 'amount'] } }),
    );
    const rows = [['customer_name', 'mobile', 'amount'], ...Array.from({ length: 4 }, () => ['A', '96550000001', '1'])];
    expect(() => checkSheet({ rows }, { schema, validate, maxRows: 3 })).toThrowError(
      expect.objectContaining({ key: 'app.bulk.too_many_rows', params: { limit: 3, smart_count: 3 } }),
    );
  });
});
