import { Menu, usePermissions, useTranslate } from 'react-admin';
import type { PortalPermissions } from '../data/authProvider';
import { canOpen } from '../resources/access';
import { portalResources } from '../resources';

/**
 * Dashboard, then one entry per resource the user may open (`canOpen`). Every resource is
 * registered — a denied one answers its routes with the reason — so the menu filters by itself.
 */
export function PortalMenu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('app.menu.dashboard')} />
      {portalResources
        .filter(({ entity }) => canOpen(entity, permissions))
        .map(({ entity }) => (
          <Menu.ResourceItem key={entity.$id} name={entity.$id} />
        ))}
    </Menu>
  );
}
