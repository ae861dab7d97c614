import type { SearchAnswer, SearchHit } from '../../../shared/search';

/** One record of the answer, in the order the keyboard moves through them. */
export interface SearchOption {
  entity: string;
  hit: SearchHit;
  /** The element id, for `aria-activedescendant`. */
  id: string;
}

/** Every record of the answer, group after group, each with an id made from `prefix`. */
export function searchOptions(answer: SearchAnswer | undefined, prefix: string): SearchOption[] {
  return (answer?.groups ?? []).flatMap(({ entity, hits }) =>
    hits.map((hit) => ({ entity, hit, id: `${prefix}-${entity}-${hit.id}` })),
  );
}

/** The index the arrow keys move to from `index` among `count` options: round, -1 for none yet. */
export function movedIndex(index: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return index < 0 || index >= count - 1 ? 0 : index + 1;
  return index <= 0 ? count - 1 : index - 1;
}
