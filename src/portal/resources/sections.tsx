import type { ReactElement } from 'react';
import { Route } from 'react-router';
import type { EntitySchema, XSection } from '../../schema/types';
import type { Translate } from '../forms/translate';
import { humanise } from '../forms/translate';
import { fieldLabelKey } from '../forms/uiSchema';

/**
 * Section screens (`x-resource.sections`): each edits some fields of one record. each is served at
 * its SPEC §2 route (`/employees/:id/permissions`); react-admin's `/<resource>/:id/<name>` sends there.
 */

/** The sections of an entity, as `[name, section]`, in the schema's order. */
export function sectionsOf(entity: EntitySchema): [string, XSection][] {
  return Object.entries(entity['x-resource'].sections ?? {});
}

/** react-admin's path of a section of a resource, relative to the resource or absolute with an id. */
export const sectionPath = (name: string, at?: { resource: string; id: string | number }) =>
  at ? `/${at.resource}/${encodeURIComponent(String(at.id))}/${name}` : `:id/${name}`;

/** The `<Route>`s of a resource's sections (children of its `<Resource>`), each showing `view(name)`. */
export function sectionRoutes(entity: EntitySchema, view: (name: string) => ReactElement): ReactElement[] {
  return sectionsOf(entity).map(([name]) => <Route key={name} path={sectionPath(name)} element={view(name)} />);
}

/** What a section is called: the labels of its fields, from the catalogue. */
export const sectionLabel = (entity: EntitySchema, fields: readonly string[], translate: Translate) =>
  fields.map((field) => translate(fieldLabelKey(entity.$id, field), { _: humanise(field) })).join(', ');
