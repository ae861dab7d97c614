import type { RuleCase } from './types';

/**
 * What the form suite and the API suite share: every `<area>.cases.ts` of this folder, and the
 * records a case stands for.
 */

const modules = import.meta.glob<{ default: unknown }>('./*.cases.ts', { eager: true });

export interface CaseFile {
  /** The area, from the file name (`foundation` for `foundation.cases.ts`). */
  area: string;
  cases: RuleCase[];
}

export const caseFiles: CaseFile[] = Object.entries(modules)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, module]) => {
    if (!Array.isArray(module.default)) throw new Error(`${path} must default-export an array of rule cases`);
    return { area: path.replace(/^\.\/|\.cases\.ts$/g, ''), cases: module.default as RuleCase[] };
  });

/** Test title of a case. */
export const titleOf = (rule: RuleCase) => `${rule.entity}.${rule.field}: ${rule.rule}`;

const SETUP = /^\$setup:(\d+)$/;
const DEMO = /^\$demo:(\w+):(\d+\.\d{3})$/;

/**
 * The id of the demo merchant's first transaction with a status and an amount (`"$demo:<status>:<amount>"`):
 * the demo's payments run at times counted back from the moment it is seeded, among others at set
 * hours, so a transaction's id depends on the time of day; its status and amount do not.
 */
export type DemoTransactionIds = (status: string, amount: string) => unknown;

/**
 * `value` with every `"$setup:<n>"` string, nested too, replaced by `ids[n]`, and every
 * `"$demo:<status>:<amount>"` by the demo transaction `demo` finds.
 */
export function withSetupIds<T>(value: T, ids: readonly unknown[], demo?: DemoTransactionIds): T {
  const replace = (item: unknown): unknown => {
    if (typeof item === 'string') {
      const transaction = DEMO.exec(item);
      if (transaction) {
        if (!demo) throw new Error(`${item}: no demo transactions to find it among`);
        return demo(transaction[1], transaction[2]);
      }
      const match = SETUP.exec(item);
      if (!match) return item;
      const index = Number(match[1]);
      if (index >= ids.length) throw new Error(`${item} names no setup record (there are ${ids.length}, from 0)`);
      return ids[index];
    }
    if (Array.isArray(item)) return item.map(replace);
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([name, field]) => [name, replace(field)]));
    return item;
  };
  return replace(value) as T;
}

/** The record breaking the rule: `valid` with the fields of `bad`, those set to `undefined` removed. */
export function badRecord(valid: Record<string, unknown>, bad: Record<string, unknown>): Record<string, unknown> {
  const record = { ...valid, ...bad };
  for (const [name, value] of Object.entries(bad)) if (value === undefined) delete record[name];
  return record;
}

/** A message in Arabic: Arabic letters, and not a catalogue key left untranslated. */
export const isArabic = (text: unknown): boolean =>
  typeof text === 'string' && /[\u0600-\u06FF]/.test(text) && !/^[\w.-]+$/.test(text);
