/**
 * A rule of SPEC §5 as a test case: a valid record, the change that breaks the rule, and the
 * message the user must read under the field. Every case runs against the portal's form
 * validation (unless only the server can know) and against the API, in English and Arabic.
 */
export interface RuleCase {
  /** The rule in SPEC §5's words. */
  rule: string;
  /** Entity schema `$id`. */
  entity: string;
  /**
   * A complete valid create body (file fields left out). `"$setup:<n>"` (anywhere, nested too) is
   * the id of `setup[n]`, counted from 0. The API suite creates it once on a server shared by every
   * case, so values that must be unique (e-mails, names) must differ from other cases' values.
   */
  valid: Record<string, unknown>;
  /** Fields that replace those of `valid` to break the rule (`undefined` removes a field). */
  bad: Record<string, unknown>;
  /** Field that carries the message (dotted path for nested fields). */
  field: string;
  /** English message shown, word for word. */
  message: string;
  /** Answer status of the API (400 unless given). */
  status?: number;
  /** Only the server can tell (duplicates, limits, references to other records): no form case. */
  serverOnly?: boolean;
  /** Records created first, in order, as the demo merchant; later ones may use `"$setup:<n>"` too (0-based). */
  setup?: { entity: string; values: Record<string, unknown> }[];
}
