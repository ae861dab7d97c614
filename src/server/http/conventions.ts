import type { FastifyInstance } from 'fastify';
import { unsupportedMediaType } from '../kernel/api-error';
import { setSecurityHeaders } from './security-headers';

/**
 * HTTP behaviour every route shares: which bodies are accepted, and the security headers on every
 * answer (`security-headers.ts`).
 */
export function installHttpConventions(app: FastifyInstance): void {
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
