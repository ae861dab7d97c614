import { readFileSync } from 'node:fs';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseXlsx } from './xlsx';
import { readZipDirectory, XLSX_LIMITS } from './zip';

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/bulk/${name}`));

const refusedArchive = expect.objectContaining({ key: 'app.bulk.file_refused' });

/** Overwrites the uncompressed size the central directory gives for each entry. */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  for (let at = 0; at + 4 <= bytes.length; at++) {
    if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return bytes;
}

/** A minimal workbook whose one sheet holds `sheetData`. */
function workbook(sheetData: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({
    'xl/workbook.xml': strToU8(
      '<workbook xmlns:r="r"><workbookPr date1904="1"/><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="/xl/worksheets/one.xml"/></Relationships>',
    ),
    'xl/worksheets/one.xml': strToU8(`<worksheet><sheetData>${sheetData}</sheetData></worksheet>`),
    ...extra,
  });
}

describe('XLSX', () => {
  it('reads the first sheet LibreOffice wrote: shared strings, numbers, dates, a formula text, not the second sheet', () => {
    const { rows } = parseXlsx(fixture('invoices.xlsx'));
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
      96550000001,
      12.5,
      '2026-12-31',
      'ahmed@example.com',
      'Catering, "VIP" order',
      'A-1001',
      'Catering',
      1,
    ]);
    expect(rows[3]).toEqual([]);
    expect(rows[4].slice(0, 3)).toEqual(['Fatima Al-Mutairi', '96560000003', 10.5]);
    expect(rows[4][5]).toBe('Line one\nLine two');
    expect(rows).toHaveLength(7);
    expect(rows.flat()).not.toContain('not this sheet');
  });

  it('reads inline strings, booleans, errors, escapes, prefixed elements and the 1904 date system', () => {
    const styles = strToU8(
      '<styleSheet><numFmts><numFmt numFmtId="170" formatCode="dd/mm/yyyy;@"/></numFmts>' +
        '<cellXfs><xf numFmtId="0"/><xf numFmtId="170"/><xf numFmtId="14"/><xf numFmtId="2"/></cellXfs></styleSheet>',
    );
    const { rows } = parseXlsx(
      workbook(
        '<row r="2"><c r="B2" t="inlineStr"><is><r><t>a &amp; </t></r><r><t xml:space="preserve">b_x000D_</t></r><rPh><t>ignored</t></rPh></is></c>' +
          '<c r="C2" t="b"><v>1</v></c><c r="D2" t="e"><v>#DIV/0!</v></c><c r="E2" s="1"><v>0</v></c><c s="2"><v>366</v></c>' +
          '<c r="H2" s="3"><v>12.5</v></c><c r="I2" t="str"><f>A1</f><v>text &lt;result&gt;</v></c></row>' +
          '<x:row><x:c t="inlineStr"><x:is><x:t>prefixed</x:t></x:is></x:c></x:row>',
        { 'xl/styles.xml': styles },
      ),
    );
    expect(rows).toEqual([
      [],
      [null, 'a & b\r', true, null, '1904-01-01', '1905-01-01', null, 12.5, 'text <result>'],
      ['prefixed'],
    ]);
  });

  it('refuses a zip bomb before inflating anything: an entry that claims to inflate hundreds of times', () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(() => parseXlsx(bomb)).toThrowError(refusedArchive);
    // Garbage where the compressed data should be: refused for its sizes, so it was never inflated.
    const garbage = bomb.slice();
    garbage.fill(0xff, 100, 1_000);
    expect(() => readZipDirectory(garbage)).toThrowError(refusedArchive);
  });

  it('refuses too many entries, and too much declared data in all', () => {
    const entries = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`part${i}.xml`, strToU8('<x/>')]));
    expect(() => readZipDirectory(zipSync(entries), { ...XLSX_LIMITS, maxEntries: 10 })).toThrowError(refusedArchive);
    expect(() =>
      readZipDirectory(declareSize(zipSync(entries), 20 * 1024 * 1024), {
        ...XLSX_LIMITS,
        maxRatio: Number.POSITIVE_INFINITY,
      }),
    ).toThrowError(refusedArchive);
  });

  it('stops inflating an entry that yields more than it declared', () => {
    const sheet = `<row r="1"><c t="inlineStr"><is><t>${'x'.repeat(600_000)}</t></is></c></row>`;
    const lying = declareSize(workbook(sheet), 1_000);
    expect(() => parseXlsx(lying)).toThrowError(refusedArchive);
  });

  it('refuses a damaged or encrypted archive as a wrong file', () => {
    const cut = fixture('invoices.xlsx').slice(0, 2_000);
    expect(() => parseXlsx(cut)).toThrowError(expect.objectContaining({ key: 'validation.file_type' }));
    const encrypted = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') });
    const view = new DataView(encrypted.buffer);
    for (let at = 0; at + 4 <= encrypted.length; at++) {
      if (view.getUint32(at, true) === 0x02014b50) view.setUint16(at + 8, 1, true);
    }
    expect(() => parseXlsx(encrypted)).toThrowError(refusedArchive);
  });
});
