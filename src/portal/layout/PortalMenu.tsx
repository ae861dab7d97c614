import { createElement, useMemo, useState } from 'react';
import { Menu, useGetResourceLabel, usePermissions, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import type { PortalPermissions } from '../data/authProvider';
import { humanise } from '../forms/translate';
import { ownMenuEntries } from '../pages/ownRoutes';
import { REPORT_PAGES } from '../pages/pagePaths';
import { getEntitySchema } from '../../schema/registry';
import { portalResources } from '../resources';
import { groupIconFor } from '../resources/icons';
import { menuGroups, type MenuEntry, type PageEntry } from '../resources/menuEntries';
import { viewLabel } from '../resources/views';
import { MenuGroup } from './MenuGroup';

/** The account screens of own records ("Profile", "Payment settings") and the report pages. */
const PAGES: PageEntry[] = [
  ...ownMenuEntries.map(({ path, entity, label }) => ({ path, entity, label, group: 'account' })),
  ...REPORT_PAGES.map(({ path, entity, group, titleKey }) => ({
    path,
    entity: getEntitySchema(entity),
    group,
    label: (translate: (key: string) => string) => translate(titleKey),
  })),
];

const isWithin = (to: string, pathname: string) =>
  pathname.toLowerCase() === to.toLowerCase() || pathname.toLowerCase().startsWith(`${to.toLowerCase()}/`);

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

  return (
    // A long label ("Incomplete transactions", "Property management") wraps onto a second line
    // instead of being cut off; with the sidebar folded the labels are hidden anyway.
    <Menu
      sx={{
        '& .MuiMenuItem-root': { whiteSpace: 'normal', lineHeight: 1.3, minHeight: 40 },
        // react-admin's entries write their label with `noWrap` (one line, cut off with "…").
        '& .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible' },
      }}
    >
      <Menu.DashboardItem primaryText={translate('app.menu.dashboard')} />
      {groups.map(({ group, entries }) => (
        <MenuGroup
          key={group}
          id={`menu-group-${group}`}
          label={translate(`app.menu.groups.${group}`, { _: humanise(group) })}
          icon={createElement(groupIconFor(group))}
          open={open.includes(group)}
          onToggle={() => toggle(group)}
        >
          {entries.map((entry) => (
            <Menu.Item key={entry.key} to={entry.to} primaryText={label(entry)} leftIcon={createElement(entry.icon)} />
          ))}
        </MenuGroup>
      ))}
    </Menu>
  );
}
