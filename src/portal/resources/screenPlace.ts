import { createContext, useCallback, useContext, useMemo } from 'react';
import { useResourceDefinitions, type Identifier } from 'react-admin';
import { useParams } from 'react-router';
import { entitySchemas } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { screenPath, type Screen, type ScreenPlace } from './screenPaths';

/**
 * The view a screen was reached from (`x-resource.views`): a record opened from the payment list
 * stays below `/report/payment-list`, its breadcrumbs lead back there, its edit form and saves too.
 */
export const ScreenViewContext = createContext<string | undefined>(undefined);

/** Where the current screen is: its view, if any, and its route's parameters (a view's `:unit_id`). */
export function useScreenPlace(): ScreenPlace {
  const view = useContext(ScreenViewContext);
  const params = useParams();
  const key = JSON.stringify(params);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the parameters' values, not their object's identity
  return useMemo(() => ({ view, params }), [view, key]);
}

/**
 * `screenPath` by a resource's name, as react-admin's `createPath` takes it: the schema its
 * `<Resource>` was made from (else the registry's) gives the address.
 */
export function useResourcePath(): (target: { resource: string; type: Screen; id?: Identifier }) => string {
  const definitions = useResourceDefinitions<{ schema?: EntitySchema }>();
  return useCallback(
    ({ resource, type, id }) => {
      const schema =
        definitions[resource]?.options?.schema ?? (entitySchemas as Record<string, EntitySchema>)[resource];
      if (!schema) throw new Error(`No schema for the resource ${resource}`);
      return screenPath(schema, type, id);
    },
    [definitions],
  );
}
