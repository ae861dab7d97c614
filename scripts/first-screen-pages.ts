import type { Plugin, Rollup } from 'vite';
import { firstScreenPage, type FirstScreen } from '../src/shared/firstScreen';

/**
 * A Vite plugin that writes, beside `index.html`, one page per first screen of the back office
 * (`first-list.html`, `first-record.html`, `first-dashboard.html`, `first-other.html`): the same
 * document, naming in `<link rel="modulepreload">` the files that screen's code is in (the back
 * office's frame, and the list's, the record page's or the dashboard's). The server answers a
 * back-office address with its screen's page (`src/server/web/portal.ts`), so the browser fetches
 * those files beside the entry instead of after the entry has run and asked for them. The sign-in
 * page, the bare address (where a signed-out visitor lands too) and every other address keep the
 * plain `index.html`, which names none of them.
 */

/** The modules each first screen starts with (the roots `startLoadingScreens` imports). */
const SCREEN_ROOTS: Record<FirstScreen, string[]> = {
  list: ['src/portal/BackOffice.tsx', 'src/portal/resources/ResourceList.tsx'],
  record: ['src/portal/BackOffice.tsx', 'src/portal/resources/ResourceShow.tsx'],
  dashboard: ['src/portal/BackOffice.tsx', 'src/portal/pages/Dashboard.tsx'],
  other: ['src/portal/BackOffice.tsx'],
};

/**
 * English's catalogue, which every language starts from (`createI18nProvider`), fetched with the
 * code rather than once the entry has run.
 */
const CATALOGUE_LINK = '<link rel="preload" as="fetch" crossorigin href="/locales/en.json">';

/** The files of `chunks` and of every chunk they import statically, in that order. */
function withImports(bundle: Rollup.OutputBundle, chunks: Rollup.OutputChunk[]): string[] {
  const files: string[] = [];
  const pending = chunks.map((chunk) => chunk.fileName);
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (files.includes(file)) continue;
    files.push(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') pending.push(...chunk.imports);
  }
  return files;
}

export function firstScreenPages(): Plugin {
  return {
    name: 'bawaba-first-screen-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      const html = String(page.source);
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      // What index.html loads already: the entry and the files it imports.
      const loaded = new Set(
        withImports(
          bundle,
          chunks.filter((chunk) => chunk.isEntry),
        ),
      );
      const holding = (root: string) => {
        const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(`/${root}`)));
        if (!chunk) throw new Error(`first-screen pages: no chunk holds ${root}`);
        return chunk;
      };
      for (const [screen, roots] of Object.entries(SCREEN_ROOTS) as [FirstScreen, string[]][]) {
        const files = withImports(bundle, roots.map(holding)).filter((file) => !loaded.has(file));
        const links =
          files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('') + CATALOGUE_LINK;
        this.emitFile({
          type: 'asset',
          fileName: firstScreenPage(screen),
          source: html.replace('</head>', `${links}</head>`),
        });
      }
    },
  };
}
