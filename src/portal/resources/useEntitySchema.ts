import { useResourceContext } from 'react-admin';
import { getEntitySchema } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';

/** The schema of the resource being shown: resource names are schema `$id`s. */
export function useEntitySchema(): EntitySchema {
  const resource = useResourceContext();
  if (!resource) throw new Error('useEntitySchema needs a resource context');
  return getEntitySchema(resource);
}
