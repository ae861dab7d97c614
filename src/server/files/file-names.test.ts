import { describe, expect, it } from 'vitest';
import { displayFileName, FALLBACK_FILE_NAME } from './file-names';

describe('displayFileName', () => {
  it('keeps the last segment of a path, on either kind of separator', () => {
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('C:\\Users\\sara\\invoices.xlsx')).toBe('invoices.xlsx');
    expect(displayFileName('..')).toBe(FALLBACK_FILE_NAME);
    expect(displayFileName('/')).toBe(FALLBACK_FILE_NAME);
  });

  it('drops control characters and the marks that reorder or hide text', () => {
    expect(displayFileName('a\u202Egnp.exe')).toBe('agnp.exe');
    expect(displayFileName('inv\u0000oices\u200B.csv\u2066')).toBe('invoices.csv');
    expect(displayFileName('\u202E\u0000\u2067')).toBe(FALLBACK_FILE_NAME);
    expect(displayFileName('  .hidden.csv ')).toBe('hidden.csv');
  });

  it('keeps Arabic names as they are', () => {
    expect(displayFileName('فواتير مارس.csv')).toBe('فواتير مارس.csv');
  });

  it('cuts a long name to its limit, keeping the extension', () => {
    const long = displayFileName(`${'x'.repeat(10_240)}.xlsx`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('x.xlsx')).toBe(true);
    expect(displayFileName('ب'.repeat(300))).toBe('ب'.repeat(255));
  });
});
