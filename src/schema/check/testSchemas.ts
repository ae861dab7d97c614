import { entitySchemas } from '../registry';
import type { EntitySchema } from '../types';
import { describeProblem, type SchemaProblem } from './problems';

/**
 * The product's schemas with one value changed at a JSON pointer, as a product owner's edit of
 * one file would change them: what the registry check of `src/schema/check` tests feed it.
 */

/** Sets the value at `pointer` (`undefined` removes it), creating objects on the way. */
function setAt(root: unknown, pointer: string, value: unknown): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop();
  if (last === undefined) throw new Error('A change needs a pointer below the root');
  let node = root as Record<string, unknown>;
  for (const key of keys) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** Every product schema, `id`'s with `value` at `pointer`. */
export function productWith(id: string, pointer: string, value: unknown): EntitySchema[] {
  return Object.values(entitySchemas).map((entity) => {
    if (entity.$id !== id) return entity;
    const changed = structuredClone(entity);
    setAt(changed, pointer, value);
    return changed;
  });
}

/** The problems as they are reported: `schemas/<file>#<pointer>: <message>`. */
export const reported = (problems: readonly SchemaProblem[]) => problems.map(describeProblem);
