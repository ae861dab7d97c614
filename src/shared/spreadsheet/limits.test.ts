import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipBomb, zipOfManyEntries } from '../../../tests/support/uploads/crafted';
import { SHEET_LIMITS } from './cells';
import { MAX_SPREADSHEET_BYTES, parseSpreadsheet, spreadsheetTooLarge } from './sheet';

/**
 * What an upload's spreadsheet may cost before it is read: its size, and for XLSX the archive's
 * entries and their declared sizes, checked before anything is inflated; then the cells it may
 * place, so a few bytes cannot spell out a grid of billions of empty cells.
 */

const refusedArchive = expect.objectContaining({ key: 'app.bulk.file_refused' });

/** Nanoseconds `run` takes, best of three. */
function timed(run: () => void): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = process.hrtime.bigint();
    run();
    best = Math.min(best, Number(process.hrtime.bigint() - started));
  }
  return best;
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};

/** A minimal XLSX workbook whose one sheet is `sheetData`. */
function workbook(sheetData: string): Uint8Array {
  return zipSync({
    'xl/workbook.xml': strToU8(
      '<workbook xmlns:r="r"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/one.xml"/></Relationships>',
    ),
    'xl/worksheets/one.xml': strToU8(`<worksheet><sheetData>${sheetData}</sheetData></worksheet>`),
  });
}

describe('spreadsheet size', () => {
  it('refuses a file over the limit on its size alone, with the limit in the message', () => {
    expect(spreadsheetTooLarge(MAX_SPREADSHEET_BYTES)).toBeNull();
    expect(spreadsheetTooLarge(MAX_SPREADSHEET_BYTES + 1)).toMatchObject({
      key: 'validation.file_too_large',
      params: { limit: '50 MB' },
    });
    // A CSV that would otherwise be read: refused before it is decoded.
    const big = new Uint8Array(MAX_SPREADSHEET_BYTES + 1).fill(0x61);
    expect(refusal(() => parseSpreadsheet('big.csv', big))).toMatchObject({ key: 'validation.file_too_large' });
  });
});

describe('XLSX zip bombs', () => {
  it('refuses 50 MB of zeros packed into a few dozen KB, far faster than inflating it would take', () => {
    const bomb = zipBomb(50);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(refusal(() => parseSpreadsheet('invoices.xlsx', bomb))).toEqual(refusedArchive);
    const refusing = timed(() => refusal(() => parseSpreadsheet('invoices.xlsx', bomb)));
    const inflating = timed(() => unzipSync(bomb));
    expect(refusing * 20).toBeLessThan(inflating);
  });

  it('refuses an archive of 100,000 entries from its end record, without walking them', () => {
    const many = zipOfManyEntries(100_000);
    expect(refusal(() => parseSpreadsheet('invoices.xlsx', many))).toEqual(refusedArchive);
    const few = zipOfManyEntries(10);
    // Ten entries are read (and found to be no workbook); a hundred thousand are refused at once.
    expect(refusal(() => parseSpreadsheet('invoices.xlsx', few))).toMatchObject({ key: 'validation.file_type' });
    expect(timed(() => refusal(() => parseSpreadsheet('invoices.xlsx', many)))).toBeLessThan(
      timed(() => unzipSync(many)) / 20,
    );
  });
});

describe('cells a file may place', () => {
  it('refuses an XLSX cell beyond the 256th column or the last row a sheet may have', () => {
    const wide = workbook('<row r="1"><c r="ZZZ1"><v>1</v></c></row>');
    expect(refusal(() => parseSpreadsheet('wide.xlsx', wide))).toEqual(refusedArchive);
    const deep = workbook(`<row r="${SHEET_LIMITS.rows + 1}"><c r="A${SHEET_LIMITS.rows + 1}"><v>1</v></c></row>`);
    expect(refusal(() => parseSpreadsheet('deep.xlsx', deep))).toEqual(refusedArchive);
    const empty = workbook('<row r="900000000"/>');
    expect(refusal(() => parseSpreadsheet('empty.xlsx', empty))).toEqual(refusedArchive);
    const edge = workbook(`<row r="${SHEET_LIMITS.rows}"><c r="IV${SHEET_LIMITS.rows}"><v>1</v></c></row>`);
    expect(parseSpreadsheet('edge.xlsx', edge).rows).toHaveLength(SHEET_LIMITS.rows);
  });

  it('refuses a CSV of too many lines or too many fields in a line', () => {
    const lines = new TextEncoder().encode('a\n'.repeat(SHEET_LIMITS.rows + 1));
    expect(refusal(() => parseSpreadsheet('lines.csv', lines))).toEqual(refusedArchive);
    const commas = new TextEncoder().encode(','.repeat(SHEET_LIMITS.columns));
    expect(refusal(() => parseSpreadsheet('commas.csv', commas))).toEqual(refusedArchive);
    const fits = new TextEncoder().encode(`${','.repeat(SHEET_LIMITS.columns - 1)}\n`.repeat(10));
    expect(parseSpreadsheet('fits.csv', fits).rows).toHaveLength(10);
  });
});
