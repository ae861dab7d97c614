import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstScreenOf, firstScreenPage } from '../../shared/firstScreen';
import { PAYER_PAGES } from '../../shared/pay';
import { STORE_PAGE_PATTERN } from '../../shared/storefront';
import { acceptedCodings, encodedFile } from './encoding';

/**
 * The built portal: static files from `dist/` (hashed `static/` files cached for a year,
 * `index.html` never cached), any other page path answered with `index.html` so the portal's
 * router decides, and the translation catalogues at `/locales/<lng>.json`. The public payer pages
 * (SPEC §2: `/smspay/{ref}`, `/sp/{ref}`, receipts, the storefront…) are a separate small build, `pay.html`. A
 * back-office address is answered with its first screen's copy of `index.html` when the build
 * wrote one (`first-list.html`…, see `scripts/first-screen-pages.ts`), which names that screen's
 * files for the browser to fetch at once.
 * Text files go out brotli- or gzip-compressed when the browser accepts it, from the copies the
 * build writes beside them (`.br`, `.gz`), with `Vary: Accept-Encoding` for caches.
 */

/**
 * Folder of the build's hashed files (Vite's `build.assetsDir`). Not `assets/`: the old portal's
 * pages live under `/assets/…` (`/assets/assest-list`, `/assets/tenants`).
 */
export const STATIC_DIR = 'static';

/** Paths that are never pages: the API and the hashed files. */
const NOT_PAGES = new RegExp(`^/(v1|${STATIC_DIR})(/|$|\\?)`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Addresses of the payer pages: one of their prefixes, then a reference (one path segment). */
const PAYER_PAGE = new RegExp(`^(${Object.values(PAYER_PAGES).map(escapeRegExp).join('|')})[^/?#]+/?(\\?|$)`);

/** True for an address the payer pages answer rather than the portal. */
export const isPayerPage = (url: string) => PAYER_PAGE.test(url) || STORE_PAGE_PATTERN.test(url);

export interface PortalOptions {
  /** Output folder of `npm run build`. */
  distDir: string;
  /** Catalogues served when the build has none (`dist/locales` wins when present). */
  localesDir: string;
}

/** `en.json`, `ar.json`, and the catalogues of react-admin's own texts such as `react-admin.ar.json`. */
const LOCALE_FILE = /^(react-admin\.)?[a-z]{2}(-[A-Za-z]{2,4})?\.json$/;

/** The payer pages' document in `distDir` (see `vite.pay.config.ts`). */
export const PAY_PAGE = 'pay.html';

/** True when the portal has been built into `distDir`. */
export const portalBuilt = (options: PortalOptions) => existsSync(join(options.distDir, 'index.html'));

/** Files the build may have precompressed: their answer depends on `Accept-Encoding`. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)(\.br|\.gz)?$/;

function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  if (path.includes(`${sep}${STATIC_DIR}${sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else res.setHeader('cache-control', 'no-cache');
  if (COMPRESSIBLE.test(path)) res.setHeader('vary', 'accept-encoding');
}

/** Registers the portal's files; returns the fallback for paths no route matched (true when it answered). */
export async function servePortal(
  app: FastifyInstance,
  options: PortalOptions,
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  const built = portalBuilt(options);
  // A build from before the payer pages existed leaves their addresses to the portal.
  const payBuilt = existsSync(join(options.distDir, PAY_PAGE));
  // A build from before the first screens' pages answers every address with index.html.
  const firstScreensBuilt = existsSync(join(options.distDir, firstScreenPage('other')));
  const pageOf = (url: string): string => {
    if (payBuilt && isPayerPage(url)) return PAY_PAGE;
    const { pathname } = new URL(url, 'http://portal');
    // The bare address is where a signed-out visitor lands too, on the way to the sign-in page:
    // it does not make them download the back office first.
    const screen = firstScreensBuilt && pathname !== '/' ? firstScreenOf(pathname) : undefined;
    return screen ? firstScreenPage(screen) : 'index.html';
  };
  const builtLocales = join(options.distDir, 'locales');
  const localesDir = existsSync(builtLocales) ? builtLocales : options.localesDir;

  app.get('/locales/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!LOCALE_FILE.test(file)) return reply.callNotFound();
    try {
      const { body, coding } = await encodedFile(
        join(localesDir, file),
        acceptedCodings(request.headers['accept-encoding']),
      );
      if (coding) reply.header('content-encoding', coding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8')
        .send(body);
    } catch {
      return reply.callNotFound();
    }
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      cacheControl: false,
      setHeaders: cacheHeaders,
      preCompressed: true,
      // Folder paths ("/", "/static/") are portal pages too: let them reach the fallback below.
      allowedPath: (path: string) => !path.endsWith('/'),
    });
  }

  return (request, reply) => {
    // A missing hashed asset must fail as such (the portal reloads once on a failed chunk), not turn into a page.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_PAGES.test(request.url);
    if (!isPage) return false;
    if (built) {
      void reply.header('cache-control', 'no-cache').sendFile(pageOf(request.url));
    } else {
      void reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The portal is not built (run `npm run build`); the API is served under /v1.');
    }
    return true;
  };
}
