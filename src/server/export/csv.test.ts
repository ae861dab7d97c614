import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it('leaves plain text, numbers and Arabic as they are', () => {
    expect(csvCell('INV-001')).toBe('INV-001');
    expect(csvCell('12.500')).toBe('12.500');
    expect(csvCell('فهد العنزي')).toBe('فهد العنزي');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Sara, Q8')).toBe('"Sara, Q8"');
    expect(csvCell('the "best" shop')).toBe('"the ""best"" shop"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","click")')).toBe('"\'=HYPERLINK(""http://evil.test"",""click"")"');
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
  });

  /** The cell as a spreadsheet reads it: its quotes removed, doubled quotes made single. */
  const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

  it.each([
    ['=', "=cmd|' /C calc'!A0"],
    ['+', "+cmd|' /C calc'!A0"],
    ['-', "-cmd|' /C calc'!A0"],
    ['@', "@SUM(1+9)*cmd|' /C calc'!A0"],
    ['tab', '\t=1+1'],
    ['CR', '\r=1+1'],
  ])('starts a cell beginning with %s (a DDE payload) with an apostrophe, whatever follows', (_, payload) => {
    expect(unquoted(csvCell(payload))).toBe(`'${payload}`);
  });

  it('lets no formula through as a number: only a whole plain number is kept', () => {
    for (const payload of ['-1+1', '+1;=1', '-1\n=2', '-1e3)*cmd', '+0x1F', '-.5=1', '-1 ', '+'])
      expect(unquoted(csvCell(payload)), JSON.stringify(payload)).toBe(`'${payload}`);
  });

  it('neutralises a formula in every cell of a row', () => {
    expect(csvRow(['=1', '+2+2', '-3-3', '@A1', '\tx', '\rx'])).toBe("'=1,'+2+2,'-3-3,'@A1,'\tx,\"'\rx\"\r\n");
  });

  it('keeps plain numbers, negative and signed ones, as numbers', () => {
    expect(csvCell('-12.500')).toBe('-12.500');
    expect(csvCell('+5')).toBe('+5');
    expect(csvCell('-0.250')).toBe('-0.250');
    expect(csvCell('-1e3')).toBe('-1e3');
    expect(csvCell('-')).toBe("'-");
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b, c', '=1'])).toBe('a,"b, c",\'=1\r\n');
  });
});
