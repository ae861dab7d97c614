import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { areaGroups, type ChunkArea } from './scripts/chunk-areas';
import { firstScreenPages } from './scripts/first-screen-pages';
import { precompiledValidators } from './scripts/precompiled-validators';
import { precompress } from './scripts/precompress';

/**
 * The portal's build. `index.html` is the entry; screens are lazy chunks, so the sign-in page
 * (`/merchant`) downloads only the renderer, the router, a few MUI components and the session code,
 * and react-admin and the schema forms arrive after sign-in.
 */

const LOCALES_DIR = fileURLToPath(new URL('./locales', import.meta.url));
const LOCALE_FILE = /^[\w.-]+\.json$/;

/**
 * The message catalogues are fetched at run time from `/locales/<lng>.json` (not bundled), so a
 * translation fix needs no rebuild of the code. Dev serves the repository's folder; the build copies it.
 */
function localeCatalogues(): Plugin {
  return {
    name: 'bawaba-locale-catalogues',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const name = decodeURIComponent((req.url ?? '').split('?')[0]).replace(/^\//, '');
        if (!LOCALE_FILE.test(name)) return next();
        readFile(join(LOCALES_DIR, name)).then(
          (body) => {
            res.setHeader('Content-Type', 'application/json; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(body);
          },
          () => next(),
        );
      });
    },
    async generateBundle() {
      for (const file of await readdir(LOCALES_DIR)) {
        if (!LOCALE_FILE.test(file)) continue;
        this.emitFile({ type: 'asset', fileName: `locales/${file}`, source: await readFile(join(LOCALES_DIR, file)) });
      }
    },
  };
}

/**
 * node-polyglot (the catalogue engine the sign-in page needs) requires the `object.entries`
 * polyfill, which drags a tree of ES5 shims into the first download. Every browser the portal
 * supports has `Object.entries`, so the package is replaced by the native function.
 */
function nativeObjectEntries(): Plugin {
  const id = '\0native-object-entries';
  return {
    name: 'bawaba-native-object-entries',
    enforce: 'pre',
    resolveId: (source) => (source === 'object.entries' ? id : null),
    load: (moduleId) => (moduleId === id ? 'module.exports = Object.entries;' : null),
  };
}

/**
 * The portal is written to React's API and types and runs on Preact's compatibility layer: the same
 * components (react-admin, MUI, the schema forms) for about 55 KB less JavaScript on every signed-in
 * visit, and a quicker first render on a phone. Libraries' own imports of React are resolved the same.
 */
const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Named chunks for the schema-form libraries, which only the create and edit screens (and, for
 * ajv, the reset-password page) load. Nothing here may be imported by the entry: a group is one
 * file, so an entry import would pull the whole group into the sign-in page.
 */
const libraryChunks = [
  { name: 'rjsf', test: /node_modules[\\/](@rjsf|markdown-to-jsx|@x0k|jsonpointer|fast-equals)[\\/]/, priority: 1 },
  {
    name: 'ajv',
    test: /node_modules[\\/](ajv|ajv-formats|fast-uri|json-schema-traverse|fast-deep-equal)[\\/]/,
    priority: 1,
  },
];

/**
 * The parts of the portal that come in one file each (see `scripts/chunk-areas.ts`), after the
 * entry's: the back office's frame, the lists and record pages that most screens are, the dashboard.
 */
const chunkAreas: ChunkArea[] = [
  { name: 'backoffice', roots: ['src/portal/BackOffice.tsx'] },
  { name: 'records', roots: ['src/portal/resources/ResourceList.tsx', 'src/portal/resources/ResourceShow.tsx'] },
  { name: 'dashboard', roots: ['src/portal/pages/Dashboard.tsx'] },
];

/** Everything but the plugins that write files beside the build, and the chunk groups. */
const portal = (plugins: Plugin[]): UserConfig => ({
  // The forms' validators are compiled from the schemas at build time: the portal needs no `unsafe-eval`.
  plugins: [nativeObjectEntries(), precompiledValidators(), ...plugins],
  resolve: { alias: reactOnPreact },
  // Production JSX whatever NODE_ENV says (the test runner builds with NODE_ENV=test).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
  // The bulk upload's worker checks rows with the invoice's validator, compiled the same way.
  worker: { plugins: () => [precompiledValidators()] },
  server: {
    proxy: {
      '/v1': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // The server's STATIC_DIR: `/assets/…` are page paths of the old portal.
    assetsDir: 'static',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: libraryChunks } },
      // Libraries mark their client components "use client", a directive that means nothing in a bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        warn(warning);
      },
    },
  },
});

export default defineConfig(async ({ command }) => {
  const config = portal([localeCatalogues(), firstScreenPages(), precompress()]);
  if (command !== 'build') return config;
  const groups = [...(await areaGroups(portal([]), chunkAreas, 1)), ...libraryChunks];
  const rolldownOptions = {
    ...config.build?.rolldownOptions,
    output: { codeSplitting: { includeDependenciesRecursively: false, groups } },
  };
  return { ...config, build: { ...config.build, rolldownOptions } };
});
