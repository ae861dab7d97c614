import { useResourceContext, useResourceDefinition } from 'react-admin';
import { getEntitySchema } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';

/**
 * The schema of the resource being shown: the one its `<Resource>` was created from (the factory
 * puts it in the definition's options), else the registry's schema of that name.
 */
export function useEntitySchema(): EntitySchema {
  const resource = useResourceContext();
  const definition = useResourceDefinition<{ schema?: EntitySchema }>();
  if (!resource) throw new Error('useEntitySchema needs a resource context');
  return definition.options?.schema ?? getEntitySchema(resource);
}
