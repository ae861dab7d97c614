import type { ReactElement } from 'react';
import { CustomRoutes } from 'react-admin';
import type { PortalPermissions } from '../../data/authProvider';
import { renderBackOffice } from '../../testBackOffice';
import { ownRoutes } from '../ownRoutes';

/**
 * Test support: the back office with the account screens (`ownRoutes`) and any `extra` routes, at
 * `path`, for a user with `access`, over the msw API of `data/testApi`. Imported by tests only.
 */

export const ADMIN = { role: 'admin', services: {}, permissions: {} } as unknown as PortalPermissions;

export function renderAccountScreen(
  path: string,
  access: PortalPermissions = ADMIN,
  extra: ReactElement[] = [],
  language: 'en' | 'ar' = 'en',
) {
  return renderBackOffice(path, access, {
    language,
    routes: <CustomRoutes>{[...ownRoutes(), ...extra]}</CustomRoutes>,
  });
}
