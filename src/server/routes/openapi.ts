import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { EntitySchema } from '../../schema/types';
import { finishDocument, type ApiDocument } from './openapi-document';

/** The API document, assembled by @fastify/swagger from the route schemas. */
export function openapiRoutes(app: FastifyInstance, document: () => unknown): void {
  app.get('/openapi.json', { schema: { hide: true } }, async () => document());
}

/**
 * Options of @fastify/swagger: OpenAPI 3.1 with `const`, components named by the schemas' own `$id`,
 * and the document finished for client generators (operationIds, declared tags; `openapi-document.ts`).
 */
export function swaggerOptions(publicUrl: string, entities: readonly EntitySchema[]) {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bawaba Merchant API',
        version: '1.0.0',
        description:
          'Reference Merchant API of the Bawaba back office. Send `locale: en|ar` for messages in that language; ' +
          'lists follow ra-data-simple-rest (`filter`, `range`, `sort` query values, `Content-Range` answer).',
        contact: { name: 'Bawaba', url: publicUrl },
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // OpenAPI 3.1 has `const`. Turned into a one-item `enum`, a value that must equal a sibling's
    // (`const: { "$data": "1/password" }`) would read as a literal object, and so would its message.
    convertConstToEnum: false,
    transformObject: finisher(entities),
    refResolver: {
      buildLocalReference: (json: { $id?: unknown }, _base: unknown, _fragment: unknown, i: number) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  };
}

/** The document completed once assembled; the OpenAPI types are read through the few parts it touches. */
function finisher(entities: readonly EntitySchema[]): SwaggerTransformObject {
  return (object) => {
    if (!('openapiObject' in object)) return object.swaggerObject;
    finishDocument(object.openapiObject as unknown as ApiDocument, entities);
    return object.openapiObject;
  };
}
