import type { UiSchema } from '@rjsf/utils';
import { enumLabelKey, fieldLabelKey } from '../../schema/labels';
import { childrenOf } from '../../schema/relations';
import { formSections, inapplicableMode, spanOf } from '../../schema/formLayout';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { portalFormatOf } from '../formats';
import type { FormWidgetName } from './widgets';
import { humanise, type Translate } from './translate';

/**
 * rjsf's uiSchema, derived from an entity schema and its `x-ui` hints rather than written per
 * screen: a new property appears in the form with the right widget and its catalogue label with
 * no change here.
 */

/** The widget a property needs, by the name it is registered under in `formWidgets`. */
export function widgetFor(property: PropertySchema): FormWidgetName | undefined {
  const hinted = property['x-ui']?.widget;
  if (hinted) return hinted as FormWidgetName;
  if (property['x-file']) return 'file';
  if (property['x-references']) return 'reference';
  if (property.type === 'array' && property.items?.['x-references']) return 'references';
  const formatWidget = portalFormatOf(property).widget;
  if (formatWidget) return formatWidget;
  if (property.type === 'array' && property.items?.enum && property.uniqueItems) return 'checkboxes';
  return undefined;
}

export { enumLabelKey, fieldLabelKey } from '../../schema/labels';

/** Children in `x-ui.order` order (unordered ones after, in schema order), as `ui:order` wants. */
function orderOf(properties: Record<string, PropertySchema>): string[] | undefined {
  const names = Object.keys(properties);
  if (!names.some((name) => properties[name]['x-ui']?.order !== undefined)) return undefined;
  const rank = (name: string) => properties[name]['x-ui']?.order ?? Number.MAX_SAFE_INTEGER;
  return [...names].sort((a, b) => rank(a) - rank(b)).concat('*');
}

function propertyUi(resource: string, path: string, property: PropertySchema, translate: Translate): UiSchema {
  const name = path.slice(path.lastIndexOf('.') + 1);
  const ui: UiSchema = { 'ui:title': translate(fieldLabelKey(resource, path), { _: humanise(name) }) };
  const hint = property['x-ui'];
  const widget = widgetFor(property);
  if (hint?.hidden) ui['ui:widget'] = 'hidden';
  else if (widget) ui['ui:widget'] = widget;
  // A field the server fills from a referenced record (`x-from`) shows what it will hold.
  if (hint?.readonly || property['x-from']) ui['ui:readonly'] = true;
  const input = portalFormatOf(property);
  // A list of e-mail addresses reads left to right in Arabic too, like a single address.
  const dir = hint?.dir ?? (input.leftToRight ? 'ltr' : undefined);
  if (dir) ui['ui:options'] = { mui: { slotProps: { htmlInput: { dir } } } };
  if (input.autocomplete) ui['ui:autocomplete'] = input.autocomplete;
  // A web address gets the keyboard for addresses on phones, a mobile number the dial pad.
  if (input.inputType) ui['ui:options'] = { ...ui['ui:options'], inputType: input.inputType };

  const values = property.enum ?? property.items?.enum;
  if (values) {
    ui['ui:enumNames'] = Object.fromEntries(
      values.map((value) => [
        String(value),
        translate(enumLabelKey(resource, path, value), { _: humanise(String(value)) }),
      ]),
    );
  }
  if (hint?.exclude) ui['ui:options'] = { ...ui['ui:options'], exclude: hint.exclude };
  // Values that need a permission of their own are offered only to users holding it.
  if (property['x-permissions']) ui['ui:options'] = { ...ui['ui:options'], permissions: property['x-permissions'] };
  if (property.type === 'array' && widget === 'checkboxes') ui['ui:options'] = { ...ui['ui:options'], inline: true };
  if (property.properties) Object.assign(ui, objectUi(resource, path, property.properties, translate));
  // Child records sent with their parent (`x-children`) are labelled as the child entity's own fields.
  const children = childrenOf(property);
  if (children && property.items?.properties) {
    const itemName = translate(`resources.${children.entity}.name`, { smart_count: 1, _: humanise(children.entity) });
    ui.items = {
      'ui:title': itemName,
      ...objectUi(children.entity, '', property.items.properties, translate),
    };
    // "Add unit", "Remove unit": the array's buttons name what they add and remove.
    ui['ui:options'] = { ...ui['ui:options'], itemName, orderable: false };
  }
  ui['ui:options'] = { ...ui['ui:options'], span: spanOf(property, widget) };
  return ui;
}

function objectUi(
  resource: string,
  prefix: string,
  properties: Record<string, PropertySchema>,
  translate: Translate,
): UiSchema {
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries(properties)) {
    // Server-made values (ids, references, timestamps) are shown by the list and show screens only.
    if (property.readOnly) continue;
    ui[name] = propertyUi(resource, prefix ? `${prefix}.${name}` : name, property, translate);
  }
  const order = orderOf(properties);
  if (order) ui['ui:order'] = order;
  return ui;
}

/** One titled section of the form, as the root's `ui:options.sections` carries it to the template. */
export interface FormSectionUi {
  name: string;
  title: string;
  fields: string[];
}

/** The fields of the form in the order rjsf shows them (`x-ui.order`, else schema order). */
function formOrder(ui: UiSchema, schema: EntitySchema): string[] {
  const names = Object.keys(schema.properties).filter((name) => ui[name]);
  const order = ui['ui:order'] as string[] | undefined;
  if (!order) return names;
  return [...order.filter((name) => names.includes(name)), ...names.filter((name) => !order.includes(name))];
}

/**
 * The uiSchema of a form over `schema` (an operation variant of `entity`, see `writeSchema`):
 * labels and enum labels from the catalogue, widgets by registered name, `x-ui` hints applied,
 * and the sections of `x-resource.layout` titled for the root template. `hidden` are the fields
 * that do not apply now (`x-when`): hidden unless they ask to be disabled (`x-ui.inapplicable`,
 * done by the template); `locked` are shown but not editable (`x-resource.own.locked`).
 * The submit button is the caller's (react-admin's toolbar or a page's own).
 */
export function deriveUiSchema(
  entity: EntitySchema,
  schema: EntitySchema,
  translate: Translate,
  hidden: readonly string[] = [],
  locked: readonly string[] = [],
): UiSchema {
  const ui = objectUi(entity.$id, '', schema.properties, translate);
  for (const name of hidden)
    if (ui[name] && inapplicableMode(schema.properties[name]) === 'hide')
      ui[name] = { ...ui[name], 'ui:widget': 'hidden' };
  for (const name of locked) if (ui[name]) ui[name] = { ...ui[name], 'ui:readonly': true };
  const sections: FormSectionUi[] = formSections(entity, formOrder(ui, schema)).map(({ name, fields }) => ({
    name,
    title: translate(`app.record.groups.${name}`, { _: humanise(name) }),
    fields,
  }));
  return {
    ...ui,
    // The screen around the form already names the entity.
    'ui:label': false,
    'ui:options': { sections },
    'ui:submitButtonOptions': { norender: true },
  };
}
