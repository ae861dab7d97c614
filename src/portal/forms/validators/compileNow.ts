import type { CompiledValidators } from '../validator';
import { standaloneParts, type ValidatorSet } from './standalone';

/**
 * Compiles a set as the build does and loads it at once, in Node: for tests of schemas that are
 * not in the registry (made up, or changed in memory), which then validate through the very code
 * path of the portal. Never bundled: it evaluates the compiled code, which a browser must not.
 */
export async function compileNow(set: ValidatorSet): Promise<CompiledValidators> {
  const { imports, body } = standaloneParts(set);
  const modules = await Promise.all(imports.map(([module]) => import(/* @vite-ignore */ module)));
  const load = new Function(...imports.map(([, name]) => name), `${body}\nreturn { functions: __functions, roots };`);
  return load(...modules) as CompiledValidators;
}
