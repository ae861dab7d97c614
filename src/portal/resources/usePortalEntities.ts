import { useMemo } from 'react';
import { useResourceDefinitions } from 'react-admin';
import { getEntitySchema } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';

/**
 * The schemas of every resource of the portal: what a record's page finds its related records
 * and the entities referring to it among (only those the portal serves).
 */
export function usePortalEntities(): EntitySchema[] {
  const definitions = useResourceDefinitions<{ schema?: EntitySchema }>();
  return useMemo(
    () =>
      Object.entries(definitions).flatMap(([name, definition]) => {
        const schema = definition.options?.schema;
        if (schema) return [schema];
        try {
          return [getEntitySchema(name)];
        } catch {
          // A custom page registered as a resource has no schema.
          return [];
        }
      }),
    [definitions],
  );
}
