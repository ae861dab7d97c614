import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatOfContent, parseSpreadsheet, spreadsheetFormat } from './sheet';

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/bulk/${name}`));
const text = new TextEncoder().encode('customer_name,mobile,amount\n');

describe('which files an upload takes', () => {
  it('tells the format by the content: zip for xlsx, OLE for xls, text for csv', () => {
    expect(formatOfContent(fixture('invoices.xlsx'))).toBe('xlsx');
    expect(formatOfContent(fixture('invoices.xls'))).toBe('xls');
    expect(formatOfContent(fixture('invoices.csv'))).toBe('csv');
    expect(formatOfContent(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBeNull();
  });

  it('takes a file only when its extension and its content agree', () => {
    expect(spreadsheetFormat('Invoices.CSV', text)).toBe('csv');
    expect(spreadsheetFormat('invoices.xlsx', fixture('invoices.xlsx'))).toBe('xlsx');
    expect(spreadsheetFormat('invoices.xls', fixture('invoices.xls'))).toBe('xls');
    expect(spreadsheetFormat('invoices.txt', text)).toBeNull();
    expect(spreadsheetFormat('invoices', text)).toBeNull();
    expect(spreadsheetFormat('invoices.xlsx', text)).toBeNull();
    expect(spreadsheetFormat('invoices.xls', fixture('invoices.xlsx'))).toBeNull();
    expect(spreadsheetFormat('invoices.csv', fixture('invoices.xls'))).toBeNull();
  });

  it('refuses any other file as "Incorrect file format"', () => {
    for (const [name, bytes] of [
      ['notes.txt', text],
      ['renamed.xlsx', text],
      ['renamed.csv', fixture('invoices.xlsx')],
    ] as const) {
      expect(() => parseSpreadsheet(name, bytes)).toThrowError(
        expect.objectContaining({ key: 'validation.file_type' }),
      );
    }
  });

  it('reads the same cells from the XLSX and the XLS a spreadsheet program made of one sheet', () => {
    const [xlsx, xls] = ['invoices.xlsx', 'invoices.xls'].map((name) => parseSpreadsheet(name, fixture(name)).rows);
    expect(xls).toEqual(xlsx);
    const [manyXlsx, manyXls] = ['many.xlsx', 'many.xls'].map((name) => parseSpreadsheet(name, fixture(name)).rows);
    expect(manyXlsx).toHaveLength(301);
    expect(manyXls).toEqual(manyXlsx);
  });
});
