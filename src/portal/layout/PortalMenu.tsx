import { Menu, useTranslate } from 'react-admin';

/**
 * Dashboard, then one entry per resource the user may open. Resources are registered only when
 * the profile allows them (see `canOpen`), so the menu follows the schemas and the permissions.
 */
export function PortalMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('app.menu.dashboard')} />
      <Menu.ResourceItems />
    </Menu>
  );
}
