import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { ownGate } from '../../schema/access';
import { entitySchemas } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { lazyWithReload } from '../data/chunkReload';
import type { Translate } from '../forms/translate';
import { withScreenFallback } from '../resources/withScreenFallback';
import { ownSectionTitle, ownTitle } from './own/ownLabels';
import { PUBLIC_PATHS } from '../../shared/publicPaths';
import { ACCOUNT_PAGES, ownDeclarations } from './ownPaths';

/**
 * The account screens of SPEC §2 that are not a resource's list: the merchant's own records
 * (`x-resource.own`: `/account/profile`, `/account/editProfile`, `/account/paymentsettings`) and
 * the pages made of several entities (`/account/notification`, `/account/faq`), at `ownPaths`.
 * Each loads on demand.
 */

const OwnShow = withScreenFallback(lazyWithReload(() => import('./own/OwnShow')));
const OwnEdit = withScreenFallback(lazyWithReload(() => import('./own/OwnEdit')));
const NotificationsPage = withScreenFallback(lazyWithReload(() => import('./account/NotificationsPage')));
const FaqPage = withScreenFallback(lazyWithReload(() => import('./account/FaqPage')));
const SecurityPage = withScreenFallback(lazyWithReload(() => import('../auth/security/SecurityPage')));
const ContactScreen = withScreenFallback(lazyWithReload(() => import('./account/ContactScreen')));

/** Every screen by path: the own records' show, edit and section screens, then the account pages. */
function screensByPath(): Map<string, ReactElement> {
  const screens = new Map<string, ReactElement>();
  for (const [entity, { routes, sections = {} }] of ownDeclarations()) {
    screens.set(routes.show, <OwnShow entity={entity.$id} />);
    if (routes.edit) screens.set(routes.edit, <OwnEdit entity={entity.$id} />);
    for (const [name, { route }] of Object.entries(sections)) {
      screens.set(route, <OwnEdit entity={entity.$id} section={name} />);
    }
  }
  // The notifications page is also the show screen of the notification settings (their own
  // `routes.show`): it lists the notifications above the settings form.
  screens.set(ACCOUNT_PAGES.notifications, <NotificationsPage />);
  screens.set(ACCOUNT_PAGES.faq, <FaqPage />);
  screens.set(ACCOUNT_PAGES.security, <SecurityPage />);
  // Contact Us is public; a signed-in user reads it in the shell (see PortalRoutes).
  screens.set(PUBLIC_PATHS.contact, <ContactScreen />);
  return screens;
}

const SCREENS = screensByPath();

/**
 * The `<Route>`s of these screens, for react-admin's `<CustomRoutes>` (inside the layout). They
 * must come before any redirect of the same path: `/account/notification` and `/account/faq` are
 * also the list routes of `notification`, `notification_setting`, `faq` and `demo_guide`.
 */
export function ownRoutes(): ReactElement[] {
  return [...SCREENS].map(([path, element]) => <Route key={path} path={path} element={element} />);
}

export interface OwnMenuEntry {
  path: string;
  /** The entity whose gate the entry follows (`canOpen`). */
  entity: EntitySchema;
  label: (translate: Translate) => string;
}

/**
 * Menu entries of the own records ("Profile", "Payment settings"), in the `account` group. A path
 * that is already a resource's list (the notifications page) has that resource's entry instead.
 */
export const ownMenuEntries: OwnMenuEntry[] = (() => {
  const listed = new Set(Object.values(entitySchemas).map((entity) => entity['x-resource'].routes.list));
  return ownDeclarations().flatMap(([entity, { routes, sections = {} }]): OwnMenuEntry[] =>
    [
      { path: routes.show, entity: ownGate(entity), label: (translate: Translate) => ownTitle(entity, translate) },
      ...Object.entries(sections).map(([name, { route }]) => ({
        path: route,
        entity: ownGate(entity),
        label: (translate: Translate) => ownSectionTitle(entity, name, translate),
      })),
    ].filter(({ path }) => !listed.has(path)),
  );
})();
