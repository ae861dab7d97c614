import { readFileSync } from 'node:fs';
import * as CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { rkNumber } from './biff';
import { parseXls } from './xls';

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/bulk/${name}`));

/** BIFF8 building blocks, little-endian, for workbooks the fixtures cannot give (LABEL, BOOLERR…). */
const u16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const u32 = (value: number) => [...u16(value & 0xffff), ...u16(value >>> 16)];
const f64 = (value: number) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value, true);
  return [...new Uint8Array(view.buffer)];
};
const record = (type: number, data: number[]) => [...u16(type), ...u16(data.length), ...data];
const cell = (row: number, column: number, xf: number) => [...u16(row), ...u16(column), ...u16(xf)];
/** XLUnicodeString with 16-bit characters. */
const wide = (text: string) => [...u16(text.length), 1, ...[...text].flatMap((char) => u16(char.charCodeAt(0)))];
const narrow = (text: string) => [...u16(text.length), 0, ...[...text].map((char) => char.charCodeAt(0))];
const rk = (value: number) => u32(((value << 2) | 2) >>> 0);

function workbook(sheetRecords: number[][], globals: number[][] = []): Uint8Array {
  // The SST's second string starts 8-bit in the SST and continues 16-bit in a CONTINUE record.
  const sst = record(0x00fc, [
    ...u32(2),
    ...u32(2),
    ...narrow('first'),
    ...u16(6),
    0,
    ...[...'abc'].map((c) => c.charCodeAt(0)),
  ]);
  const sstContinue = record(0x003c, [1, ...[...'دفع'].flatMap((c) => u16(c.charCodeAt(0)))]);
  const head = [
    record(0x0809, [...u16(0x0600), ...u16(0x0005), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    record(0x0022, u16(1)),
    record(0x041e, [...u16(170), ...narrow('d/m/yyyy')]),
    record(0x00e0, [...u16(0), ...u16(0), ...new Array(16).fill(0)]),
    record(0x00e0, [...u16(0), ...u16(170), ...new Array(16).fill(0)]),
    record(0x00e0, [...u16(0), ...u16(14), ...new Array(16).fill(0)]),
    ...globals,
  ];
  const boundSheet = (at: number) => record(0x0085, [...u32(at), 0, 0, ...narrow('Sheet1')]);
  const tail = [sst, sstContinue, record(0x000a, [])];
  const before = [...head, boundSheet(0), ...tail].flat().length;
  const stream = [
    ...head,
    boundSheet(before),
    ...tail,
    record(0x0809, [...u16(0x0600), ...u16(0x0010), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ...sheetRecords,
    record(0x000a, []),
  ].flat();
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', new Uint8Array(stream));
  return new Uint8Array(CFB.write(container, { type: 'array' }) as number[]);
}

describe('XLS (BIFF8)', () => {
  it('reads the first sheet LibreOffice wrote: shared strings, NUMBER, RK, MULRK, dates, a FORMULA text in its STRING', () => {
    const { rows } = parseXls(fixture('invoices.xls'));
    expect(rows[1]).toEqual([
      'Ahmed Al-Sabah',
      96550000001,
      12.5,
      '2026-12-31',
      'ahmed@example.com',
      'Catering, "VIP" order',
      'A-1001',
      'Catering',
      1,
    ]);
    expect(rows[2].slice(0, 4)).toEqual(['نورة الرشيدي', 96550000002, 7, '2027-01-15']);
    expect(rows[4].slice(0, 3)).toEqual(['Fatima Al-Mutairi', '96560000003', 10.5]);
    expect(rows[5]).toEqual(['Bad Mobile', '123', -5]);
    expect(rows.flat()).not.toContain('not this sheet');
  });

  it('reads shared strings continued over CONTINUE records, 8- and 16-bit', () => {
    const { rows } = parseXls(fixture('many.xls'));
    expect(rows).toHaveLength(301);
    expect(rows[300][0]).toBe('Customer 299 عميل رقم 299');
    expect(String(rows[300][5])).toMatch(/^Order 299: (تفاصيل الطلب رقم ){3}299 — details x+$/);
  });

  it('reads LABEL, BOOLERR, RK forms, formula results and 1904 dates; skips embedded substreams', () => {
    const { rows } = parseXls(
      workbook([
        record(0x00fd, [...cell(0, 0, 0), ...u32(0)]),
        record(0x00fd, [...cell(0, 1, 0), ...u32(1)]),
        record(0x0204, [...cell(0, 2, 0), ...wide('نص عربي')]),
        record(0x0205, [...cell(1, 0, 0), 1, 0]),
        record(0x0205, [...cell(1, 1, 0), 7, 1]),
        record(0x027e, [...cell(1, 2, 0), ...rk(-12)]),
        record(0x027e, [...cell(1, 3, 0), ...u32(((1250 << 2) | 3) >>> 0)]),
        record(0x0203, [...cell(1, 4, 1), ...f64(0)]),
        record(0x00bd, [...u16(2), ...u16(0), ...u16(2), ...rk(366), ...u16(0), ...rk(5), ...u16(1)]),
        record(0x0006, [...cell(3, 0, 0), ...f64(4.25), 0, 0, 0, 0, 0, 0, 0, 0]),
        record(0x0006, [...cell(3, 1, 0), 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0]),
        record(0x0207, narrow('result')),
        record(0x0006, [...cell(3, 2, 0), 1, 0, 1, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0]),
        record(0x0006, [...cell(3, 3, 0), 2, 0, 7, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0]),
        // A chart inside the sheet: its records are not cells of the sheet.
        record(0x0809, [...u16(0x0600), ...u16(0x0020), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        record(0x0203, [...cell(9, 9, 0), ...f64(99)]),
        record(0x000a, []),
        record(0x0203, [...cell(4, 0, 0), ...f64(1.5)]),
      ]),
    );
    expect(rows).toEqual([
      ['first', 'abcدفع', 'نص عربي'],
      [true, null, -12, 12.5, '1904-01-01'],
      ['1905-01-01', 5],
      [4.25, 'result', true],
      [1.5],
    ]);
  });

  it('decodes RK numbers: 30-bit integers, truncated doubles, hundredths', () => {
    expect(rkNumber(((100 << 2) | 2) >>> 0)).toBe(100);
    expect(rkNumber(((-3 << 2) | 3) >>> 0)).toBe(-0.03);
    expect(rkNumber(0x3ff00000)).toBe(1);
    expect(rkNumber(0x3ff00001)).toBe(0.01);
  });

  it('refuses a cell beyond the 256 columns of the format, even one a MULRK run reaches', () => {
    const refused = expect.objectContaining({ key: 'app.bulk.file_refused' });
    expect(() => parseXls(workbook([record(0x0203, [...cell(65_535, 65_535, 0), ...f64(1)])]))).toThrowError(refused);
    const run = [
      ...u16(0),
      ...u16(250),
      ...Array.from({ length: 10 }, () => [...u16(0), ...rk(1)]).flat(),
      ...u16(259),
    ];
    expect(() => parseXls(workbook([record(0x00bd, run)]))).toThrowError(refused);
    expect(parseXls(workbook([record(0x0203, [...cell(65_535, 255, 0), ...f64(1)])])).rows).toHaveLength(65_536);
  });

  it('refuses a file that is no BIFF8 workbook, or a protected one', () => {
    const wrongFile = expect.objectContaining({ key: 'validation.file_type' });
    expect(() => parseXls(fixture('invoices.xlsx'))).toThrowError(wrongFile);
    expect(() => parseXls(workbook([], [record(0x002f, [0, 0])]))).toThrowError(wrongFile);
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, 'Other', new Uint8Array([1, 2, 3]));
    expect(() => parseXls(new Uint8Array(CFB.write(container, { type: 'array' }) as number[]))).toThrowError(wrongFile);
  });
});
