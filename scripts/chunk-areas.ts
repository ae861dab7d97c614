import { resolve } from 'node:path';
import { build, type InlineConfig, type Rollup } from 'vite';

/**
 * The portal's code in a handful of files rather than dozens. Left to itself the bundler gives every
 * set of lazy screens that shares some modules a chunk of its own, so a signed-in first visit to a
 * list downloaded about sixty files, six at a time over HTTP/1.1, most of a round trip each. Here a
 * quick build without minification first learns which modules each part of the portal really loads
 * (after tree-shaking: a barrel such as `@mui/material` re-exports far more than is used); the real
 * build then puts each part's modules in one file: the entry's, then each area's that the parts
 * before it do not already hold. The rest (screens of their own, the schema forms) is split as usual.
 *
 * Each part holds every module its code imports statically (less what earlier parts hold), so no
 * part imports a later one and the files never import each other in a circle.
 */

/** An area of the portal: its lazily loaded roots, whose static imports all come in its one file. */
export interface ChunkArea {
  name: string;
  roots: string[];
}

export interface ChunkGroup {
  name: string;
  test: RegExp | ((id: string) => boolean);
  priority: number;
}

/** The modules that the chunks `starts` and every chunk they import statically hold. */
function staticClosure(chunks: Rollup.OutputChunk[], starts: Rollup.OutputChunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const pending = starts.map((chunk) => chunk.fileName);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(byFile.get(file)?.imports ?? []));
  }
  return new Set([...seen].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
}

/**
 * Builds `config` once in memory (unminified, no source maps, nothing written) and answers the
 * groups that put the entry's modules in a `shell` file and each area's in a file of its name,
 * with priorities above `below` so that they win over the other groups.
 */
export async function areaGroups(config: InlineConfig, areas: ChunkArea[], below: number): Promise<ChunkGroup[]> {
  const output = (await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, minify: false, sourcemap: false, emptyOutDir: false },
  })) as Rollup.RolldownOutput | Rollup.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output[0] : output).output.filter(
    (item): item is Rollup.OutputChunk => item.type === 'chunk',
  );
  const taken = new Set<string>();
  const claim = (name: string, starts: Rollup.OutputChunk[], priority: number): ChunkGroup => {
    const members = new Set([...staticClosure(chunks, starts)].filter((id) => !taken.has(id)));
    for (const id of members) taken.add(id);
    return { name, test: (id) => members.has(id), priority };
  };
  const groups = [
    claim(
      'shell',
      chunks.filter((chunk) => chunk.isEntry),
      below + areas.length + 1,
    ),
  ];
  areas.forEach((area, index) => {
    const roots = area.roots.map((root) => resolve(root));
    const starts = chunks.filter((chunk) => roots.some((root) => chunk.moduleIds.includes(root)));
    const lost = roots.find((root) => !starts.some((chunk) => chunk.moduleIds.includes(root)));
    if (lost) throw new Error(`chunk areas: ${lost} (area "${area.name}") is in no chunk`);
    groups.push(claim(area.name, starts, below + areas.length - index));
  });
  return groups;
}
