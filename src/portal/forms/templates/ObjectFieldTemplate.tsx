import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Templates } from '@rjsf/mui';
import {
  ariaDescribedByIds,
  getUiOptions,
  titleId,
  type ObjectFieldTemplatePropertyType,
  type ObjectFieldTemplateProps,
  type TitleFieldProps,
  type UiSchema,
} from '@rjsf/utils';
import { cloneElement, isValidElement, type ComponentType, type ReactElement } from 'react';
import { inapplicableMode } from '../../../schema/formLayout';
import type { PropertySchema } from '../../../schema/types';
import { applies } from '../../../schema/when';
import type { FormSectionUi } from '../uiSchema';

/**
 * Every object of a schema form: the form's root as titled sections (`x-resource.layout`, carried
 * by the root's `ui:options.sections`), a nested object or an array's record as a grid. Each grid
 * has two columns on a desktop and one on a phone; a field takes one column or the whole row
 * (`ui:options.span`, from `x-ui.span`). A field whose `x-when` does not match the object's values
 * is left out, or shown disabled when it asks to be (`x-ui.inapplicable`), at every level.
 */

type Values = Record<string, unknown>;

const TitleFieldTemplate = Templates.TitleFieldTemplate as ComponentType<TitleFieldProps>;

/** A grid cell's width per breakpoint: the whole row on a phone, half or all of it from `md` up. */
const cellSize = (ui: UiSchema | undefined) => ({ xs: 12, md: getUiOptions(ui).span === 'full' ? 12 : 6 }) as const;

/** The fields of `names` as grid cells; hidden ones are rendered outside the grid (no empty cell). */
function FieldGrid({ props, names }: { props: ObjectFieldTemplateProps; names: readonly string[] }) {
  const { properties, schema, uiSchema, formData } = props;
  const values: Values = (formData as Values | undefined) ?? {};
  const shown = names
    .map((name) => properties.find((element) => element.name === name))
    .filter((element): element is ObjectFieldTemplatePropertyType => element !== undefined);
  const hidden = shown.filter((element) => element.hidden);
  const cells = shown.flatMap((element) => {
    if (element.hidden) return [];
    const property = (schema.properties?.[element.name] ?? {}) as PropertySchema;
    if (applies(property, values)) return [{ element, content: element.content }];
    if (inapplicableMode(property) === 'hide') return [];
    // A field that does not apply now, shown disabled (and emptied by the form) until it does.
    const content = isValidElement(element.content)
      ? cloneElement(element.content as ReactElement<{ disabled?: boolean }>, { disabled: true })
      : element.content;
    return [{ element, content }];
  });
  return (
    <>
      {hidden.map((element) => element.content)}
      {cells.length > 0 && (
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          {cells.map(({ element, content }) => (
            // A cell may be narrower than its content (a row of tabs scrolls within it).
            <Grid
              key={element.name}
              size={cellSize(uiSchema?.[element.name] as UiSchema | undefined)}
              sx={{ minWidth: 0 }}
            >
              {content}
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}

/** The form's root: one titled section per `x-resource.layout` entry (no title when there is only one). */
function Sections({ props, sections }: { props: ObjectFieldTemplateProps; sections: readonly FormSectionUi[] }) {
  const placed = new Set(sections.flatMap(({ fields }) => fields));
  // Fields the derived sections do not name (none, unless a caller's uiSchema adds one) go last.
  const rest = props.properties.map(({ name }) => name).filter((name) => !placed.has(name));
  const all = rest.length > 0 ? [...sections, { name: 'rest', title: '', fields: rest }] : sections;
  const visible = (fields: readonly string[]) =>
    fields.some((name) => props.properties.find((element) => element.name === name && !element.hidden));
  if (all.length === 1) return <FieldGrid props={props} names={all[0].fields} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {all.map(({ name, title, fields }) => {
        if (!visible(fields)) return <FieldGrid key={name} props={props} names={fields} />;
        const headingId = `${props.fieldPathId.$id}__section_${name}`;
        return (
          <Box
            key={name}
            component="section"
            aria-labelledby={title ? headingId : undefined}
            data-section={name}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {title && (
              <Typography
                id={headingId}
                component="h2"
                variant="subtitle1"
                sx={{ fontWeight: 600, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                {title}
              </Typography>
            )}
            <FieldGrid props={props} names={fields} />
          </Box>
        );
      })}
    </Box>
  );
}

/** Whether the object is one record of an array (an asset's unit): its card already names it. */
const isArrayItem = (props: ObjectFieldTemplateProps) => typeof props.fieldPathId.path.at(-1) === 'number';

/**
 * A titled nested object (the employee's permissions) is a group named by its title and described
 * by its own error ("At least one permission must be selected"), so a screen reader announces
 * both on entering it.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, fieldPathId, registry, uiSchema, schema, required, properties } = props;
  const options = getUiOptions(uiSchema);
  const sections = options.sections as FormSectionUi[] | undefined;
  if (sections) return <Sections props={props} sections={sections} />;
  const names = properties.map(({ name }) => name);
  if (!title || isArrayItem(props)) return <FieldGrid props={props} names={names} />;
  return (
    <Box
      role="group"
      aria-labelledby={titleId(fieldPathId)}
      aria-describedby={ariaDescribedByIds(fieldPathId)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <TitleFieldTemplate
        id={titleId(fieldPathId)}
        title={title}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <FieldGrid props={props} names={names} />
    </Box>
  );
}
