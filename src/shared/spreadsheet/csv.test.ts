import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SpreadsheetRefused } from './cells';
import { parseCsv, parseCsvText } from './csv';

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/bulk/${name}`));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('CSV (RFC 4180, UTF-8)', () => {
  it('splits records on CRLF, LF and CR, and ignores one final line break', () => {
    expect(parseCsvText('a,b\r\nc,d\ne,f\rg,h\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(parseCsvText('a,b')).toEqual([['a', 'b']]);
    expect(parseCsvText('')).toEqual([]);
  });

  it('reads quoted fields: commas, doubled quotes and line breaks inside, empty fields around', () => {
    expect(parseCsvText('"a, b","say ""hi""","line one\r\nline two",,""\n')).toEqual([
      ['a, b', 'say "hi"', 'line one\r\nline two', '', ''],
    ]);
  });

  it('is as lenient as spreadsheet programs with stray quotes', () => {
    expect(parseCsvText('5" screen,"quoted"tail,x\n"unclosed, to the end')).toEqual([
      ['5" screen', 'quotedtail', 'x'],
      ['unclosed, to the end'],
    ]);
  });

  it('drops the byte order mark, and makes empty fields and blank lines empty', () => {
    expect(parseCsv(utf8('\uFEFFname,amount\n\nنورة,12.5\n,')).rows).toEqual([
      ['name', 'amount'],
      [],
      ['نورة', '12.5'],
      [null, null],
    ]);
  });

  it('refuses text that is not UTF-8, with its own message', () => {
    const windows1256 = new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe3, 0xcd, 0xe3, 0xcf]);
    expect(() => parseCsv(windows1256)).toThrowError(SpreadsheetRefused);
    expect(() => parseCsv(windows1256)).toThrowError(expect.objectContaining({ key: 'app.bulk.not_utf8' }));
  });

  it('reads the fixture a spreadsheet program would save as "CSV UTF-8"', () => {
    const { rows } = parseCsv(fixture('invoices.csv'));
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual([
      'customer_name',
      'Mobile',
      'amount',
      'expiry_date',
      'email',
      'description',
      'invoice_number',
      'title',
      'vip',
    ]);
    expect(rows[1]).toEqual([
      'Ahmed Al-Sabah',
      '96550000001',
      '12.5',
      '2026-12-31',
      'ahmed@example.com',
      'Catering, "VIP" order',
      'A-1001',
      'Catering',
      'TRUE',
    ]);
    expect(rows[2][0]).toBe('نورة الرشيدي');
    expect(rows[3]).toEqual([]);
    expect(rows[4][5]).toBe('Line one\nLine two');
  });

  it('reads 100,000 records quickly enough to stay in a worker (no quadratic work)', () => {
    const line = '"Customer, A",96550000000,12.500,2027-01-01,a@example.com,"said ""hi""",N-1,Title\r\n';
    const text = `customer_name,mobile,amount,expiry_date,email,description,invoice_number,title\r\n${line.repeat(100_000)}`;
    const started = performance.now();
    const records = parseCsvText(text);
    const elapsed = performance.now() - started;
    expect(records).toHaveLength(100_001);
    expect(records[100_000][5]).toBe('said "hi"');
    expect(elapsed).toBeLessThan(5_000);
  });
});
