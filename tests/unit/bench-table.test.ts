import { describe, expect, it } from 'vitest';
import { median, percentile, type Figure } from '../../scripts/bench/figures';
import { missed, renderMarkdown, renderTable, verdict } from '../../scripts/bench/table';

const report: Figure = {
  section: 'api',
  name: 'transactions report page p95',
  on: 'pglite',
  value: 42.5,
  unit: 'ms',
  budget: { kind: 'max', limit: 150 },
};
const score: Figure = {
  section: 'lighthouse',
  name: 'dashboard performance',
  on: 'mobile',
  value: 0.78,
  unit: 'score',
  budget: { kind: 'min', limit: 0.8 },
};
const plain: Figure = { section: 'data', name: 'fill', on: 'pglite', value: 95.25, unit: 's' };
const floored: Figure = {
  section: 'api',
  name: 'one invoice p95',
  on: 'postgresql',
  value: 6,
  unit: 'ms',
  floor: 2.4,
  ratio: 2.5,
  budget: { kind: 'max', limit: 2, of: 'ratio' },
};

describe('bench figures', () => {
  it('takes the median of odd and even samples', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });

  it('judges a figure against a maximum and a minimum budget, and not without one', () => {
    expect(verdict(report)).toBe('met');
    expect(verdict({ ...report, value: 151 })).toBe('MISSED');
    expect(verdict(score)).toBe('MISSED');
    expect(verdict({ ...score, value: 0.8 })).toBe('met');
    expect(verdict(plain)).toBe('');
    expect(missed([report, score, plain])).toEqual([score]);
  });

  it('judges a ratio budget on the ratio to the floor, not on the value', () => {
    expect(verdict(floored)).toBe('MISSED');
    expect(verdict({ ...floored, ratio: 2 })).toBe('met');
    expect(verdict({ ...floored, value: 1, ratio: 3 })).toBe('MISSED');
    expect(verdict({ ...floored, ratio: undefined })).toBe('MISSED');
  });

  it('prints one aligned line per figure with its budget and verdict', () => {
    const lines = renderTable([report, score, plain]).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/^api\s+transactions report page p95\s+pglite\s+42\.5 ms\s+≤ 150 ms\s+met$/);
    expect(lines[3]).toMatch(/0\.78\s+≥ 0\.80\s+MISSED$/);
    expect(lines[4]).toMatch(/^data\s+fill\s+pglite\s+95\.25 s$/);
  });

  it('prints the floor and the ratio beside the value, and a ratio budget as a multiple', () => {
    const [, , line] = renderTable([floored]).split('\n');
    expect(line).toMatch(/^api\s+one invoice p95\s+postgresql\s+6 ms\s+2\.4 ms\s+2\.5×\s+≤ 2×\s+MISSED$/);
  });

  it('writes the same figures as a Markdown table', () => {
    expect(renderMarkdown([report, floored])).toContain(
      '| api: transactions report page p95 | pglite | 42.5 ms |  |  | ≤ 150 ms | met |',
    );
    expect(renderMarkdown([floored])).toContain(
      '| api: one invoice p95 | postgresql | 6 ms | 2.4 ms | 2.5× | ≤ 2× | MISSED |',
    );
  });
});
