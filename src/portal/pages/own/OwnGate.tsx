import type { ReactNode } from 'react';
import { Loading, usePermissions } from 'react-admin';
import type { EntitySchema } from '../../../schema/types';
import type { PortalPermissions } from '../../data/authProvider';
import { denialOf } from '../../resources/access';
import { AccessDeniedPage } from '../../resources/accessGate';

/**
 * The gate of an own-record screen: the entity's (`accessDenial`), as on its other screens and in
 * the API. A user who may not use it reads why, and the API is not asked.
 */
export function OwnGate({ entity, children }: { entity: EntitySchema; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<PortalPermissions>();
  if (isPending) return <Loading />;
  const denial = denialOf(entity, permissions);
  return denial ? <AccessDeniedPage reason={denial} /> : children;
}
