import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress';

/**
 * The payer pages' build: `pay.html` and its Preact code, written into the portal's `dist/`
 * (after the portal's build, which empties the folder) with hashed files under `static/`. Nothing
 * of the portal is imported from here; the texts are the `pay` part of the catalogues only.
 */

/**
 * In development (`vite -c vite.pay.config.ts`), every page address opens `pay.html`, as the
 * server does for the payer addresses (Vite's own fallback would open the portal's index.html).
 */
function payerPagesInDevelopment(): Plugin {
  return {
    name: 'bawaba-payer-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const page = req.headers.accept?.includes('text/html') && !path.slice(path.lastIndexOf('/')).includes('.');
        if (page && !path.startsWith('/v1/') && !path.startsWith('/@')) req.url = '/pay.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [payerPagesInDevelopment(), precompress()],
  // Production JSX whatever NODE_ENV says (the test runner builds with NODE_ENV=test).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
  server: {
    proxy: { '/v1': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    // The portal's build has just filled dist/.
    emptyOutDir: false,
    sourcemap: true,
    // Every browser that runs the portal knows modulepreload: no polyfill in the first download.
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { pay: 'pay.html' } },
  },
});
