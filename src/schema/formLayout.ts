import { recordSections, type RecordSection } from './recordPage';
import type { EntitySchema, PropertySchema } from './types';
import { applies } from './when';

/**
 * How a create or edit form is laid out, read from the schema: the sections of
 * `x-resource.layout` (the record page's, so one hint orders both), the width of each field in the
 * two-column grid (`x-ui.span`) and what a field that does not apply becomes (`x-ui.inapplicable`).
 */

/** Widgets whose content wants the whole row: long text, a file with its preview, tabs, radio rows. */
const WIDE_WIDGETS = new Set(['textarea', 'file', 'tabs', 'choice', 'checkboxes']);

/**
 * The width of a field in the form's grid: `x-ui.span`, else the whole row for long or composite
 * values (a textarea, a file, an object, an array of records or a row of choices), else one column.
 */
export function spanOf(property: PropertySchema, widget?: string): 'full' | 'half' {
  const hinted = property['x-ui']?.span;
  if (hinted) return hinted;
  if (widget && WIDE_WIDGETS.has(widget)) return 'full';
  if (property.type === 'object') return 'full';
  if (property.type === 'array' && property.items?.type === 'object') return 'full';
  return 'half';
}

/**
 * The form's sections: the writable `names` (in form order) in the sections of `x-resource.layout`,
 * those it leaves out first under Details, empty sections left out. The record page uses the same.
 */
export function formSections(entity: EntitySchema, names: readonly string[]): RecordSection[] {
  return recordSections(entity, names);
}

/** What a field becomes while its `x-when` does not match: hidden (the default) or disabled. */
export function inapplicableMode(property: PropertySchema): 'hide' | 'disable' {
  return property['x-ui']?.inapplicable ?? 'hide';
}

type Values = Record<string, unknown>;

const isValues = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `values` without the fields that do not apply to them (`x-when`), at every level: a child
 * record of an array (an asset's units) loses its own inapplicable fields too, as the server's
 * create of that child would drop them. Returns `values` itself when nothing is dropped.
 */
export function withoutInapplicable(schema: Pick<EntitySchema, 'properties'>, values: Values): Values {
  let kept: Values | undefined;
  const change = (name: string, value: unknown) => {
    kept ??= { ...values };
    if (value === undefined) delete kept[name];
    else kept[name] = value;
  };
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = values[name];
    if (value === undefined) continue;
    if (!applies(property, values)) {
      change(name, undefined);
      continue;
    }
    const items = property.items?.properties;
    if (items && Array.isArray(value)) {
      const cleaned = value.map((item) => (isValues(item) ? withoutInapplicable({ properties: items }, item) : item));
      if (cleaned.some((item, i) => item !== value[i])) change(name, cleaned);
    } else if (property.properties && isValues(value)) {
      const cleaned = withoutInapplicable({ properties: property.properties }, value);
      if (cleaned !== value) change(name, cleaned);
    }
  }
  return kept ?? values;
}
