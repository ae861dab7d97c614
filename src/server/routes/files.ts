import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { notFound } from '../http/api-error';

/**
 * Uploaded files. Public, like any image on a web page: `<img>` cannot send a bearer token, and the
 * names are random and unguessable. Served inert (sandboxed, never sniffed as another type).
 */
export function fileRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(
    '/files/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'An uploaded file',
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 80 } } },
      },
    },
    async (request, reply) => {
      const file = await ctx.uploads.read((request.params as { name: string }).name);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );
}
