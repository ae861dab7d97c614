/** A place in the row of page buttons: a page's number, or a gap of pages not shown. */
export type PageItem = number | 'gap';

/** Up to this many pages are all shown; beyond, the row keeps this many places (gaps included). */
const ALL_SHOWN = 7;

/**
 * The page buttons of a list of `count` pages on page `page`: every page when there are seven or
 * fewer; otherwise the first and last, the current one and its neighbours, and a gap for each run
 * of pages left out — always seven places, so that the row keeps its width as the user pages on.
 */
export function pageItems(page: number, count: number): PageItem[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (count <= ALL_SHOWN) return range(1, count);
  if (page <= 4) return [...range(1, 5), 'gap', count];
  if (page >= count - 3) return [1, 'gap', ...range(count - 4, count)];
  return [1, 'gap', page - 1, page, page + 1, 'gap', count];
}
