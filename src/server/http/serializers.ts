import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's response serialisers, compiled once per distinct schema. Every route states its
 * answers, and most share them (a record, a page of records, an error): the server's thousand-odd
 * response schemas are under a hundred different ones, and compiling each only once takes the
 * server's start from seconds to well under one.
 */
export function sharedSerializers(): SerializerFactory {
  const compile = SerializerSelector();
  return (externalSchemas, options) => {
    const compiler = compile(externalSchemas, options);
    const compiled = new Map<string, Serializer>();
    return (route) => {
      const key = JSON.stringify(route.schema);
      let serializer = compiled.get(key);
      if (!serializer) {
        serializer = compiler(route);
        compiled.set(key, serializer);
      }
      return serializer;
    };
  };
}
