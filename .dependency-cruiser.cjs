/**
 * The import rules of the code base, checked by `npm run lint` (dependency-cruiser): no import
 * cycles anywhere, and every import reads downward through the layers below.
 *
 * Shared by every part (may import nothing of the parts):
 *   foundation  src/shared, src/schema, src/generated, schemas/, locales/
 * The server, bottom to top (a layer imports only itself and the layers under it):
 *   kernel      src/server/kernel, src/server/db — errors, language, validation, the database driver
 *   storage     src/server/storage — records of every entity; tells its events to who listens
 *   domain      every other folder of src/server (auth, payments, messaging, audit, history…), and
 *               context.ts / effects.ts — what the product does, with no HTTP in it
 *   http        src/server/http, src/server/routes, src/server/web, and each feature's routes.ts
 *               (or *-routes.ts) — requests in, answers out
 *   app         app.ts, main.ts, config.ts, src/server/seed — wiring, start-up and demo data
 * The browser parts: the portal (src/portal) and the payer pages (src/pay) import the foundation,
 * never the server, and never each other.
 *
 * Tests may import what they test from any layer; the cycle rule holds for them too.
 */

const SERVER = '^src/server/';
const HTTP_FILE = '^src/server/[^/]+/(routes|[^/]*-routes?)[.]ts$';
const LAYERS = {
  foundation: ['^src/(shared|schema|generated)/', '^schemas/', '^locales/'],
  kernel: [`${SERVER}(kernel|db)/`],
  storage: [`${SERVER}storage/`],
  domain: [`${SERVER}(context|effects)[.]ts$`, `${SERVER}(?!(kernel|db|storage|http|routes|web|seed)/)[^/]+/`],
  http: [`${SERVER}(http|routes|web)/`, HTTP_FILE],
  app: [`${SERVER}(app|main|config|create-context)[.]ts$`, `${SERVER}seed/`],
};
const ORDER = ['kernel', 'storage', 'domain', 'http', 'app'];
const TESTS = ['[.]test[.]tsx?$', '^tests/', '^src/[^/]+/test[A-Z][^/]*[.]tsx?$'];

/** The paths of every layer above `layer`. */
const above = (layer) => ORDER.slice(ORDER.indexOf(layer) + 1).flatMap((higher) => LAYERS[higher]);

const upward = ORDER.slice(0, -1).map((layer) => ({
  name: `no-upward-import-from-${layer}`,
  comment: `The ${layer} layer imports only itself and the layers under it (see the top of .dependency-cruiser.cjs).`,
  severity: 'error',
  from: {
    path: LAYERS[layer],
    // A feature's routes.ts sits in its domain folder but belongs to the http layer.
    pathNot: [...TESTS, ...(layer === 'domain' ? [HTTP_FILE] : [])],
  },
  to: { path: above(layer) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: modules that need each other are one idea split in two, or two tangled.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'foundation-imports-no-part',
      comment: 'Shared code and schemas are used by the server, the portal and the payer pages alike.',
      severity: 'error',
      from: { path: LAYERS.foundation, pathNot: TESTS },
      to: { path: ['^src/(server|portal|pay)/'] },
    },
    {
      name: 'browser-imports-no-server',
      comment: 'The portal and the payer pages talk to the server over HTTP only.',
      severity: 'error',
      from: { path: '^src/(portal|pay)/', pathNot: TESTS },
      to: { path: SERVER },
    },
    {
      name: 'portal-and-payer-pages-apart',
      comment: 'The payer pages stay tiny: they share the foundation with the portal, never its code.',
      severity: 'error',
      from: { path: '^src/pay/' },
      to: { path: '^src/portal/' },
    },
    {
      name: 'payer-pages-apart-from-portal',
      severity: 'error',
      from: { path: '^src/portal/' },
      to: { path: '^src/pay/' },
    },
    ...upward,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules/', '^dist/', '^data/', '^bench/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
