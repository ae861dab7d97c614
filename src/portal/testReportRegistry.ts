import { reportSchema } from '../../tests/support/report-schema';

/**
 * Test support: the schema registry with the test-only report of `tests/support/report-schema.ts`
 * added, as a `vi.mock('../schema/registry', …)` factory gives it. Imported by tests only.
 */
export async function registryWithReport(importOriginal: <Module>() => Promise<Module>) {
  const real = await importOriginal<typeof import('../schema/registry')>();
  const entitySchemas = { ...real.entitySchemas, [reportSchema.$id]: reportSchema };
  return {
    entitySchemas,
    getEntitySchema(name: string) {
      const schema = entitySchemas[name];
      if (!schema) throw new Error(`Unknown entity schema: ${name}`);
      return schema;
    },
  };
}
