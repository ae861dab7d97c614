import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseXlsx } from '../../shared/spreadsheet/xlsx';
import { xlsxOf } from './xlsx';

describe('xlsxOf', () => {
  it('writes text, Arabic and amounts that a reader reads back', () => {
    const bytes = xlsxOf({
      name: 'Statement',
      rows: [
        { cells: ['Date', 'الوصف', 'Balance'], bold: true },
        { cells: ['2026-11-01 09:30:00', 'دفعة <مستلمة> & "كاملة"', { number: '1250.500' }] },
        { cells: [null, '=SUM(A1:A2)', { number: '-0.300' }] },
      ],
    });
    const sheet = parseXlsx(bytes);
    expect(sheet.rows).toEqual([
      ['Date', 'الوصف', 'Balance'],
      ['2026-11-01 09:30:00', 'دفعة <مستلمة> & "كاملة"', 1250.5],
      [null, '=SUM(A1:A2)', -0.3],
    ]);
  });

  it('never writes a formula, shows amounts with three decimals and lays an Arabic sheet right to left', () => {
    const files = unzipSync(
      xlsxOf({ name: 'كشف/حساب', rows: [{ cells: ['=1+1', { number: '2.000' }] }], rightToLeft: true }),
    );
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('rightToLeft="1"');
    expect(sheet).toContain('<c r="B1" s="2"><v>2.000</v></c>');
    expect(strFromU8(files['xl/styles.xml'])).toContain('formatCode="#,##0.000"');
    // A sheet name may not hold a slash.
    expect(strFromU8(files['xl/workbook.xml'])).toContain('name="كشف حساب"');
  });

  it('drops control characters XML cannot carry', () => {
    const sheet = parseXlsx(xlsxOf({ name: 'S', rows: [{ cells: ['a\u0001b\tc'] }] }));
    expect(sheet.rows).toEqual([['ab\tc']]);
  });
});
