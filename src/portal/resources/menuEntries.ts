import type { SvgIconComponent } from '@mui/icons-material';
import { GROUPS } from '../../schema/groups';
import type { EntitySchema } from '../../schema/types';
import { allows } from '../../schema/operations';
import { hasRouteParameters, viewsOf } from '../../schema/views';
import type { PortalPermissions } from '../data/authProvider';
import type { Translate } from '../forms/translate';
import { canOpen, canOpenView } from './access';
import { iconFor } from './icons';
import type { PortalResource } from './index';
import { screenPath } from './screenPaths';

/**
 * The menu, derived from the schemas: an entry per resource list and per view the user may open,
 * under the resource's `x-resource.group`, groups in a fixed order and empty ones left out.
 */

export interface MenuEntry {
  key: string;
  resource: string;
  /** Set for a view's entry (`x-resource.views`); its label is the view's. */
  view?: string;
  to: string;
  icon: SvgIconComponent;
  /** Set for a page's entry (not a resource's list or view). */
  label?: (translate: Translate) => string;
}

/** A page of the back office that is not a resource's screen, listed in `group` when its entity's gate lets the user in. */
export interface PageEntry {
  path: string;
  entity: EntitySchema;
  group: string;
  label: (translate: Translate) => string;
  /** The resource whose entries the page's follows in its group (the stock listing after the products); else last. */
  after?: string;
}

export interface GroupedEntries {
  group: string;
  entries: MenuEntry[];
}

const groupOf = ({ entity }: PortalResource) => entity['x-resource'].group ?? 'other';

/** Where a group sits in the menu: the fixed order, a group the order does not know just before `other`. */
function rank(group: string): number {
  const other = GROUPS.indexOf('other');
  if (group === 'other') return other + 1;
  const index = (GROUPS as readonly string[]).indexOf(group);
  return index >= 0 ? index : other;
}

function entriesOf(resource: PortalResource, access: PortalPermissions | undefined): MenuEntry[] {
  const { entity } = resource;
  const name = entity.$id;
  const icon = iconFor(name);
  const entries: MenuEntry[] = [];
  // `x-resource.menu: false`: the list is reached from other screens (saved views, from each list).
  if (allows(entity, 'list') && entity['x-resource'].menu !== false && canOpen(entity, access))
    entries.push({ key: name, resource: name, to: screenPath(entity, 'list'), icon });
  for (const [view, { route }] of viewsOf(entity)) {
    // A view of one record's children is opened from that record, not from the menu.
    if (hasRouteParameters({ route }) || !canOpenView(entity, view, access)) continue;
    entries.push({ key: `${name}.${view}`, resource: name, view, to: route, icon });
  }
  return entries;
}

/** The menu's groups for the signed-in user, each with the entries they may open, in menu order. */
export function menuGroups(
  resources: readonly PortalResource[],
  access: PortalPermissions | undefined,
  pages: readonly PageEntry[] = [],
): GroupedEntries[] {
  const groups = new Map<string, MenuEntry[]>();
  const add = (group: string, entries: MenuEntry[]) => {
    if (entries.length > 0) groups.set(group, [...(groups.get(group) ?? []), ...entries]);
  };
  for (const resource of resources) add(groupOf(resource), entriesOf(resource, access));
  for (const { path, entity, group, label, after } of pages) {
    if (!canOpen(entity, access)) continue;
    const entry = { key: path, resource: entity.$id, to: path, icon: iconFor(entity.$id), label };
    const entries = groups.get(group) ?? [];
    const last = after === undefined ? -1 : entries.findLastIndex((other) => other.resource === after && !other.label);
    if (last < 0) add(group, [entry]);
    else groups.set(group, [...entries.slice(0, last + 1), entry, ...entries.slice(last + 1)]);
  }
  return [...groups]
    .map(([group, entries]) => ({ group, entries }))
    .sort((a, b) => rank(a.group) - rank(b.group) || a.group.localeCompare(b.group));
}
