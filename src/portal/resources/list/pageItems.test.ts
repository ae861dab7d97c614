import { describe, expect, it } from 'vitest';
import { pageItems } from './pageItems';

describe('the page buttons of a list', () => {
  it('are every page when there are seven or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keep the first and last page, the current one and its neighbours, with gaps between', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'gap', 15, 16, 17, 'gap', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('always hold seven places beyond seven pages, the current page among them', () => {
    for (let page = 1; page <= 30; page++) {
      const items = pageItems(page, 30);
      expect(items).toHaveLength(7);
      expect(items).toContain(page);
    }
  });
});
