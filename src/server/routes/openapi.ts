import type { FastifyInstance } from 'fastify';

/** The API document, assembled by @fastify/swagger from the route schemas. */
export function openapiRoutes(app: FastifyInstance, document: () => unknown): void {
  app.get('/openapi.json', { schema: { hide: true } }, async () => document());
}

/** Options of @fastify/swagger: OpenAPI 3.1 with `const`, components named by the schemas' own `$id`. */
export function swaggerOptions(publicUrl: string) {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bawaba Merchant API',
        version: '1.0.0',
        description:
          'Reference Merchant API of the Bawaba back office. Send `locale: en|ar` for messages in that language; ' +
          'lists follow ra-data-simple-rest (`filter`, `range`, `sort` query values, `Content-Range` answer).',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // OpenAPI 3.1 has `const`. Turned into a one-item `enum`, a value that must equal a sibling's
    // (`const: { "$data": "1/password" }`) would read as a literal object, and so would its message.
    convertConstToEnum: false,
    refResolver: {
      buildLocalReference: (json: { $id?: unknown }, _base: unknown, _fragment: unknown, i: number) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  };
}
