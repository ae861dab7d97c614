import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPayerPage } from '../web/portal';

/**
 * The headers that keep a browser on our side, on every answer: a Content Security Policy that
 * only runs our own scripts and lets no other site frame a page, no MIME sniffing, no referrer
 * beyond our own origin, HSTS once served over TLS, and API answers never stored.
 */

const common = ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"];

/** Directives of a page that loads its scripts, styles and data from us only. */
function pagePolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    // MUI (emotion) and the pages' first paint write their styles inline.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "form-action 'self'",
    ...common,
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = {
  /** JSON answers: nothing in them may load or run anything, nor be framed. */
  api: ["default-src 'none'", ...common].join('; '),
  /** The payer pages: our own scripts only. */
  pay: pagePolicy(["'self'"]),
  /** The portal, its scripts and its workers: our own scripts only (its validators are compiled at build time). */
  portal: pagePolicy(["'self'"]),
};

/** Which policy an answer to `url` gets. */
export function policyFor(url: string): string {
  if (url.startsWith('/v1/') || url === '/v1') return CONTENT_SECURITY_POLICY.api;
  return isPayerPage(url) ? CONTENT_SECURITY_POLICY.pay : CONTENT_SECURITY_POLICY.portal;
}

/** Sets the security headers of an answer; a route that set its own policy (files) keeps it. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policyFor(request.url));
  reply.header('x-frame-options', 'DENY');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('cross-origin-opener-policy', 'same-origin');
  // Only over TLS: on plain http the header means nothing, and on localhost it would stick.
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  // API answers carry tokens and merchant data: never store them in a shared cache.
  if (request.url.startsWith('/v1/') && !request.url.startsWith('/v1/files/'))
    reply.header('cache-control', 'no-store');
}
