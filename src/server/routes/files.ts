import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { notFound } from '../kernel/api-error';

/**
 * Uploaded files. Public, like any image on a web page: `<img>` cannot send a bearer token, and the
 * names are random and unguessable. Served inert: with the type the server found in the content
 * when it stored the file (never one a client named), never sniffed as another type, sandboxed, and
 * shown in place only when an image — any other document is downloaded, under the server's name.
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
      const { name } = request.params as { name: string };
      // Only names the server gave (letters, digits, `_`, `-` and the type's extension) are read.
      const file = await ctx.uploads.read(name);
      if (!file) throw notFound();
      return (
        reply
          // Text was stored only once it read as UTF-8; saying so keeps a browser from guessing.
          .header('content-type', file.mime === 'text/plain' ? 'text/plain; charset=utf-8' : file.mime)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            `${file.mime.startsWith('image/') ? 'inline' : 'attachment'}; filename="${name}"`,
          )
          .send(file.bytes)
      );
    },
  );
}
