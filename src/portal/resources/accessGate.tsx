import type { ComponentType, ReactElement, ReactNode } from 'react';
import { ResourceContextProvider, useTranslate, type ResourceProps } from 'react-admin';
import { Navigate, Route, useLocation, useParams } from 'react-router';
import type { AccessDenial } from '../../schema/access';
import { viewsOf, withViewGate } from '../../schema/views';
import type { EntitySchema } from '../../schema/types';
import { lazyWithReload } from '../data/chunkReload';
import type { PortalPermissions } from '../data/authProvider';
import { denialOf } from './access';
import { RecordBreadcrumbs, type RecordScreen } from './RecordBreadcrumbs';
import { screenPath, screenRoute, sectionScreenPath, type Screen } from './screenPaths';
import { ScreenViewContext } from './screenPlace';
import { sectionLabel, sectionRoutes, sectionsOf } from './sections';
import { ResourceList, ResourceSection, type PortalResource } from './index';
import { useEntitySchema } from './useEntitySchema';
import { withScreenFallback } from './withScreenFallback';

export const AccessDeniedPage = withScreenFallback(lazyWithReload(() => import('../pages/AccessDeniedPage')));

const deniedViews = new Map<string, ComponentType>();

/**
 * The screen saying why not, one per reason and service, made once: a stable component keeps
 * react-admin from remounting the route.
 */
function deniedView(reason: AccessDenial, service: string | undefined): ComponentType {
  const key = `${reason}:${reason === 'service' ? (service ?? '') : ''}`;
  let view = deniedViews.get(key);
  if (!view) {
    view = () => <AccessDeniedPage reason={reason} service={service} />;
    deniedViews.set(key, view);
  }
  return view;
}

/**
 * react-admin's own path of a screen (`/invoice/40/show`, `/transaction?filter=…`: an old bookmark,
 * one of its own moves) sends to the screen's SPEC address, keeping the query, in place of the entry.
 */
function ToScreen({ screen }: { screen: Screen }) {
  const entity = useEntitySchema();
  const { id } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${screenPath(entity, screen, id)}${search}`} replace />;
}

function ToSection({ name }: { name: string }) {
  const entity = useEntitySchema();
  const { id } = useParams();
  return <Navigate to={id === undefined ? screenPath(entity, 'list') : sectionScreenPath(entity, name, id)} replace />;
}

const TO_SCREEN: Record<Screen, ComponentType> = {
  list: () => <ToScreen screen="list" />,
  create: () => <ToScreen screen="create" />,
  show: () => <ToScreen screen="show" />,
  edit: () => <ToScreen screen="edit" />,
};

/** Why the user may not open a screen of the resource (its gate, then the screen's operation's), or null. */
function screenDenial(entity: EntitySchema, access: PortalPermissions | undefined, operation: string) {
  return denialOf(entity, access) ?? denialOf(entity, access, operation);
}

/**
 * The `<Resource>` props of a resource for the signed-in user. Its screens live at their SPEC
 * addresses (`gatedScreenRoutes`); react-admin's paths of them only send there. Without the
 * permission to create or change, the resource has no create or edit screen, so react-admin (and
 * the list's toolbar) shows no Create or Edit button either.
 */
export function gatedResourceProps(
  { entity, props }: PortalResource,
  access: PortalPermissions | undefined,
): ResourceProps {
  const mayCreate = screenDenial(entity, access, 'create') === null;
  const mayUpdate = screenDenial(entity, access, 'update') === null;
  return {
    name: props.name,
    icon: props.icon,
    options: props.options,
    list: props.list ? TO_SCREEN.list : undefined,
    show: props.show ? TO_SCREEN.show : undefined,
    create: props.create && mayCreate ? TO_SCREEN.create : undefined,
    edit: props.edit && mayUpdate ? TO_SCREEN.edit : undefined,
    children: props.edit ? sectionRoutes(entity, (name) => <ToSection name={name} />) : [],
  };
}

/** A screen of the resource at its SPEC address: in its resource's context, with the view it belongs to. */
function ScreenFrame({ entity, view, children }: { entity: EntitySchema; view?: string; children: ReactNode }) {
  return (
    <ResourceContextProvider value={entity.$id}>
      <ScreenViewContext.Provider value={view}>{children}</ScreenViewContext.Provider>
    </ResourceContextProvider>
  );
}

/** A section's screen with its breadcrumbs ("Employees › Sara › Permissions"). */
function SectionScreen({ entity, name }: { entity: EntitySchema; name: string }) {
  const translate = useTranslate();
  const fields = entity['x-resource'].sections?.[name]?.fields ?? [];
  return (
    <>
      <RecordBreadcrumbs entity={entity} below={{ section: name, label: sectionLabel(entity, fields, translate) }} />
      <ResourceSection section={name} />
    </>
  );
}

const SCREEN_OPERATIONS: Record<Screen, string> = { list: 'list', create: 'create', show: 'show', edit: 'update' };

/**
 * The routes of a resource's screens at their SPEC addresses (`screenPaths`): list, create, record
 * and edit pages, its views' lists and records, and its sections, each behind its gate (the
 * view's for a view's list; the resource's and the operation's otherwise): a screen the user may not
 * use answers with the reason and asks the API nothing.
 */
export function gatedScreenRoutes(
  { entity, props }: PortalResource,
  access: PortalPermissions | undefined,
): ReactElement[] {
  const service = entity['x-resource'].service;
  const routes: ReactElement[] = [];
  const add = (screen: Screen, view: string | undefined, element: ReactElement) => {
    const path = screenRoute(entity, screen, view);
    routes.push(
      <Route
        key={`${entity.$id}.${view ?? ''}.${screen}`}
        path={path}
        element={
          <ScreenFrame entity={entity} view={view}>
            {element}
          </ScreenFrame>
        }
      />,
    );
  };
  const gated = (screen: Screen, element: ReactElement, gate: EntitySchema = entity): ReactElement => {
    const denial = screenDenial(gate, access, SCREEN_OPERATIONS[screen]);
    if (!denial) return element;
    const Denied = deniedView(denial, gate['x-resource'].service ?? service);
    return <Denied />;
  };
  const record = (view: string | undefined) => {
    if (props.show) {
      const Show = props.show as ComponentType;
      add('show', view, gated('show', <RecordScreenWith entity={entity} below={null} Screen={Show} />));
    }
    if (props.edit) {
      const Edit = props.edit as ComponentType;
      add('edit', view, gated('edit', <RecordScreenWith entity={entity} below={{ edit: true }} Screen={Edit} />));
    }
  };
  if (props.list) add('list', undefined, gated('list', <ResourceList />));
  if (props.create) {
    const Create = props.create as ComponentType;
    add('create', undefined, gated('create', <Create />));
  }
  record(undefined);
  for (const [view] of viewsOf(entity)) {
    const gate = withViewGate(entity, view);
    const denial = denialOf(gate, access);
    const Denied = denial && deniedView(denial, gate['x-resource'].service);
    add('list', view, Denied ? <Denied /> : <ResourceList view={view} />);
    record(view);
  }
  if (props.edit)
    for (const [name, { route }] of sectionsOf(entity))
      routes.push(
        <Route
          key={`${entity.$id}.section.${name}`}
          path={route}
          element={
            <ScreenFrame entity={entity}>{gated('edit', <SectionScreen entity={entity} name={name} />)}</ScreenFrame>
          }
        />,
      );
  return routes;
}

/** A record's page or form below its breadcrumbs. */
function RecordScreenWith({
  entity,
  below,
  Screen,
}: {
  entity: EntitySchema;
  below: RecordScreen;
  Screen: ComponentType;
}) {
  return (
    <>
      <RecordBreadcrumbs entity={entity} below={below} />
      <Screen />
    </>
  );
}
