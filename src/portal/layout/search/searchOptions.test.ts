import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../shared/search';
import { movedIndex, searchOptions } from './searchOptions';

const hit = (id: number) => ({ id, title: `R-${id}`, status: null, figure: null, match: null });

describe('the search box’s options', () => {
  const answer: SearchAnswer = {
    q: 'abc',
    groups: [
      { entity: 'invoice', hits: [hit(1), hit(2)], more: false, complete: true },
      { entity: 'customer', hits: [hit(1)], more: true, complete: true },
    ],
  };

  it('are the records of every group in order, each with an id of its own', () => {
    expect(searchOptions(answer, 'gs').map((option) => option.id)).toEqual([
      'gs-invoice-1',
      'gs-invoice-2',
      'gs-customer-1',
    ]);
    expect(searchOptions(undefined, 'gs')).toEqual([]);
  });

  it('are moved through by the arrows, round from either end', () => {
    expect(movedIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(movedIndex(0, 3, 'ArrowDown')).toBe(1);
    expect(movedIndex(2, 3, 'ArrowDown')).toBe(0);
    expect(movedIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(movedIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(movedIndex(2, 3, 'ArrowUp')).toBe(1);
    expect(movedIndex(-1, 0, 'ArrowDown')).toBe(-1);
  });
});
