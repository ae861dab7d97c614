import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { unsupportedMediaType } from '../kernel/api-error';
import { setSecurityHeaders } from './security-headers';

/**
 * HTTP behaviour every route shares: which bodies are accepted, and the security headers on every
 * answer (`security-headers.ts`).
 */
export function installHttpConventions(app: FastifyInstance): void {
  // A request without a body has nothing its Content-Type could describe: ra-data-simple-rest sends
  // `text/plain` with every DELETE. Fastify would still look for a parser of that type (415), so the
  // header is dropped before parsing; a request that does carry a body keeps it and is judged by it.
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    if (headers['content-type'] !== undefined && hasNoBody(headers)) delete headers['content-type'];
    done();
  });

  // Only JSON (and multipart where a route takes files) is spoken; text bodies get 415, not a parse attempt.
  app.removeContentTypeParser('text/plain');

  // Clients send `Content-Type: application/json` on every call, including a DELETE with no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0 && request.method !== 'POST' && request.method !== 'PUT' && request.method !== 'PATCH') {
      done(null, undefined);
      return;
    }
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });

  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipart) throw unsupportedMediaType();
  });

  app.addHook('onSend', async (request, reply) => {
    setSecurityHeaders(request, reply);
  });
}

/** HTTP/1.1's rule: a request has a body only with a non-zero `Content-Length` or a `Transfer-Encoding`. */
function hasNoBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0);
}
