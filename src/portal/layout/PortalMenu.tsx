import DashboardIcon from '@mui/icons-material/Dashboard';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createElement, useMemo, useState } from 'react';
import { Menu, useGetResourceLabel, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import type { PortalPermissions } from '../data/authProvider';
import { humanise } from '../forms/translate';
import { ownMenuEntries } from '../pages/ownRoutes';
import { REPORT_PAGES } from '../pages/pagePaths';
import { getEntitySchema } from '../../schema/registry';
import { matchesPattern } from '../../shared/pathPatterns';
import { portalResources } from '../resources';
import { groupIconFor } from '../resources/icons';
import { menuGroups, type MenuEntry, type PageEntry } from '../resources/menuEntries';
import { viewLabel } from '../resources/views';
import { MenuGroup } from './MenuGroup';
import { MenuLink } from './MenuLink';
import { menuStyles } from './menuStyles';

/** The account screens of own records ("Profile", "Payment settings") and the report pages. */
const PAGES: PageEntry[] = [
  ...ownMenuEntries.map(({ path, entity, label }) => ({ path, entity, label, group: 'account' })),
  ...REPORT_PAGES.map(({ path, entity, group, titleKey, after }) => ({
    path,
    entity: getEntitySchema(entity),
    group,
    after,
    label: (translate: (key: string) => string) => translate(titleKey),
  })),
];

/**
 * Whether `pathname` is the screen of `to` or below it, as react-router matches a path (whatever
 * the case, with or without a trailing slash); the dashboard (`/`) only on its own. Worked out
 * here for every entry, rather than each entry asking the router to compile its path.
 */
const isWithin = (to: string, pathname: string) => matchesPattern(to === '/' ? to : `${to}/*`, pathname);

/**
 * Dashboard first, then the entries the user may open (`canOpen`: each resource's list and each of
 * its views) under their `x-resource.group`, in the groups' fixed order (`menuGroups`). Every
 * resource is registered — a denied one answers its routes with the reason — so the menu filters
 * by itself. The group of the current screen opens; the user opens and closes the others.
 */
export function PortalMenu() {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const { pathname } = useLocation();
  const { permissions } = usePermissions<PortalPermissions>();
  const groups = useMemo(() => menuGroups(portalResources, permissions, PAGES), [permissions]);
  const current = groups.find(({ entries }) => entries.some(({ to }) => isWithin(to, pathname)))?.group;

  const [open, setOpen] = useState<string[]>(current ? [current] : []);
  const [followed, setFollowed] = useState(current);
  if (current !== followed) {
    setFollowed(current);
    if (current && !open.includes(current)) setOpen([...open, current]);
  }
  const toggle = (group: string) =>
    setOpen((groups) => (groups.includes(group) ? groups.filter((name) => name !== group) : [...groups, group]));

  const label = ({ resource, view, label: pageLabel }: MenuEntry) =>
    pageLabel ? pageLabel(translate) : view ? viewLabel(translate, resource, view) : getResourceLabel(resource, 2);

  const theme = useTheme();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  // On a phone the menu is a drawer over the screen, which closes once an entry is followed.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const closeOnPhone = phone ? () => setSidebarOpen(false) : undefined;
  const folded = !sidebarOpen;
  const placement = theme.direction === 'rtl' ? 'left' : 'right';

  return (
    <Menu sx={menuStyles}>
      <MenuLink
        to="/"
        label={translate('app.menu.dashboard')}
        current={isWithin('/', pathname)}
        icon={<DashboardIcon />}
        folded={folded}
        placement={placement}
        onFollow={closeOnPhone}
      />
      {groups.map(({ group, entries }) => (
        <MenuGroup
          key={group}
          id={`menu-group-${group}`}
          label={translate(`app.menu.groups.${group}`, { _: humanise(group) })}
          icon={createElement(groupIconFor(group))}
          open={open.includes(group)}
          onToggle={() => toggle(group)}
          folded={folded}
          placement={placement}
        >
          {entries.map((entry) => (
            <MenuLink
              key={entry.key}
              to={entry.to}
              label={label(entry)}
              current={isWithin(entry.to, pathname)}
              icon={createElement(entry.icon)}
              folded={folded}
              placement={placement}
              onFollow={closeOnPhone}
            />
          ))}
        </MenuGroup>
      ))}
    </Menu>
  );
}
