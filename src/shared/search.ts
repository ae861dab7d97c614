import { normaliseKwd, toFils } from './money';

/**
 * The app bar's search as the API answers it (`GET /v1/search?q=`), shared by the server's route
 * and the portal's search box. Which entities it searches, and by what, is said by their schemas
 * (`x-list.everywhere`, `x-list.search`, `x-resource.figure`, `x-resource.title`).
 */

/** Shortest query searched: a shorter one matches too much to be useful (and no trigram index helps). */
export const SEARCH_MIN_LENGTH = 3;

/** Longest query accepted. */
export const SEARCH_MAX_LENGTH = 100;

/** Records answered at most for each kind; `more` says when there were others. */
export const SEARCH_PER_KIND = 5;

/** One record found. */
export interface SearchHit {
  id: number;
  /** The record's human title (`x-resource.title`), or null when it has none. */
  title: string | null;
  /** Its status (the property `statusProperty` names) and that property's name, when it has one. */
  status: { field: string; value: string } | null;
  /** Its key figure in KWD (`x-resource.figure`), when it has one. */
  figure: string | null;
  /** The searched property whose value matched, when it is not the title (a mobile, a customer's name). */
  match: { field: string; value: string } | null;
}

/** The records of one kind found, newest first in the order of the entity's list. */
export interface SearchGroup {
  entity: string;
  hits: SearchHit[];
  /** True when more records of this kind matched than `SEARCH_PER_KIND`, or may have (`complete` false). */
  more: boolean;
  /**
   * False when only the kind's newest records were searched: too many older ones match to sort them
   * quickly (digits that many references share). The list's own search finds them.
   */
  complete: boolean;
}

export interface SearchAnswer {
  /** The query as searched (trimmed, its digits Latin). */
  q: string;
  /** Only the kinds with records found or not completely searched, in the registry's order. */
  groups: SearchGroup[];
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * The query as searched: trimmed, inner spaces collapsed, Arabic-Indic digits and the Arabic
 * decimal separator read as Latin ones (a mobile or an amount typed on an Arabic keyboard).
 */
export function normaliseQuery(raw: string): string {
  return raw
    .replace(ARABIC_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf))
    .replace(/\u066b/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The amount a query may be ("12.5" → "12.500"), or null when it is no amount. */
export function amountOf(query: string): string | null {
  return toFils(query) === null ? null : normaliseKwd(query);
}
