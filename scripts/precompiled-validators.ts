import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

/**
 * `virtual:validators/<set>`: the portal's validators compiled from the schemas when the module is
 * built (`src/portal/forms/validators/sets.ts` says which schemas each set holds). The generator is
 * loaded afresh each time, so the dev server's module follows the schema files (they are watched)
 * and a build always compiles the schemas as they are.
 */

const PREFIX = 'virtual:validators/';
const RESOLVED = `\0${PREFIX}`;
const GENERATOR = fileURLToPath(new URL('../src/portal/forms/validators/sets.ts', import.meta.url));

type Generator = typeof import('../src/portal/forms/validators/sets');

export function precompiledValidators(): Plugin {
  // One generator per build (three sets share it); a dev server loads it again on each change.
  let building: Promise<{ module: Generator; dependencies: string[] }> | undefined;
  let isBuild = false;
  const generator = () => runnerImport<Generator>(GENERATOR, { configFile: false, logLevel: 'error' });
  return {
    name: 'bawaba-precompiled-validators',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId: (source) => (source.startsWith(PREFIX) ? `${RESOLVED}${source.slice(PREFIX.length)}` : null),
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const loaded = await (isBuild ? (building ??= generator()) : generator());
      for (const file of loaded.dependencies) this.addWatchFile(file);
      return loaded.module.validatorsModule(id.slice(RESOLVED.length));
    },
  };
}
