import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate, type TranslateFunction } from 'react-admin';
import { valueDirection } from '../../shared/bidi';
import { formatKwd } from '../../shared/money';
import { isTechnical } from '../../schema/recordPage';
import { entitySchemas } from '../../schema/registry';
import { itemsReferenceOf, referenceOf } from '../../schema/relations';
import { toneOf } from '../../schema/tones';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { portalFormatOf } from '../formats';
import { enumLabelKey, fieldLabelKey } from '../forms/uiSchema';
import { humanise } from '../forms/translate';
import { countryName } from './countries';
import { formatDate, formatNumber } from './format';
import { JsonValue } from './JsonValue';
import { LinkValue, isPayerLink, isWebAddress } from './LinkValue';
import { ReferenceValue } from './ReferenceValue';
import { StatusChip } from './StatusChip';
import { UNBROKEN_CLASS } from '../theme/valueStyles';

type Values = Record<string, unknown>;

/** The property at a dotted path of an entity ("permissions.general"). */
export function propertyAt(entity: EntitySchema, path: string): PropertySchema | undefined {
  let node: PropertySchema | undefined = { properties: entity.properties };
  for (const part of path.split('.')) node = node?.properties?.[part];
  return node;
}

export function valueAt(record: Values, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, part) => (value && typeof value === 'object' ? (value as Values)[part] : undefined),
      record,
    );
}

/** Whether a value has nothing to show: none, empty text or an empty list. */
export const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Whether a property holds an image (an `x-file` accepting only image types). */
export function isImage(property: PropertySchema | undefined): boolean {
  return property?.['x-file']?.accept.every((type) => type.startsWith('image/')) ?? false;
}

const displayOf = (property: PropertySchema | undefined) => portalFormatOf(property).display;

const isFormatted = (property: PropertySchema | undefined) => displayOf(property) !== 'text';

interface Display {
  resource: string;
  translate: TranslateFunction;
  language: string;
}

const enumLabel = ({ resource, translate }: Display, path: string, value: unknown) =>
  translate(enumLabelKey(resource, path, value), { _: humanise(String(value)) });

/** Plain-text form of a value (no markup): for compact lists and the parts of a nested value. */
export function displayText(
  display: Display,
  path: string,
  property: PropertySchema | undefined,
  value: unknown,
): string {
  if (value === null || value === undefined || value === '') return '';
  const shown = displayOf(property);
  if (shown === 'money') return formatKwd(String(value), display.language);
  if (shown === 'date' || shown === 'date-time')
    return formatDate(String(value), display.language, shown === 'date-time');
  if (property?.enum) return enumLabel(display, path, value);
  if (property?.['x-ui']?.country && typeof value === 'string') return countryName(value, display.language);
  if (Array.isArray(value)) {
    const items = property?.items;
    // Records (an order's lines) read one after the other; plain values as a list.
    if (items?.properties) return value.map((item) => displayText(display, path, items, item)).join(' ; ');
    const separator = display.language === 'ar' ? '، ' : ', ';
    return value.map((item) => (items?.enum ? enumLabel(display, path, item) : String(item))).join(separator);
  }
  if (typeof value === 'boolean') return display.translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'number') return formatNumber(value, display.language);
  if (typeof value === 'object' && property?.properties) {
    return Object.entries(property.properties)
      .map(([name, child]) => {
        const text = displayText(display, `${path}.${name}`, child, (value as Values)[name]);
        return (
          text &&
          `${display.translate(fieldLabelKey(display.resource, `${path}.${name}`), { _: humanise(name) })}: ${text}`
        );
      })
      .filter(Boolean)
      .join(' · ');
  }
  return String(value);
}

/** The display helpers for the current resource and language. */
export function useDisplay(entity: EntitySchema): Display {
  const translate = useTranslate();
  const [language] = useLocaleState();
  return { resource: entity.$id, translate, language };
}

/**
 * One value of a record as the lists and the detail screen show it: amounts in KWD with three
 * decimals, dates in the user's language, enum values by their catalogue label, images as
 * thumbnails, references (`x-references`, one or an array of them) by the referenced records'
 * labels, arrays of records (an order's lines) as a small table, JSON text indented
 * (`contentMediaType: "application/json"`), and text of a fixed direction (`x-ui.dir`) in it.
 */
/** The longest one-word value kept on one line (a reference, an IBAN, a phone number). */
const UNBROKEN_MAX = 34;

export function RecordValue({
  entity,
  path,
  record,
}: {
  entity: EntitySchema;
  path: string;
  record: Values;
}): ReactNode {
  const property = propertyAt(entity, path);
  const value = valueAt(record, path);
  const fieldOf = property?.['x-ui']?.fieldOf;
  if (fieldOf) return <FieldLabel entity={valueAt(record, fieldOf)} field={value} />;
  const label = loggedLabel(entity, record, property, value);
  if (label) return <LoggedLabel {...label} />;
  return <PropertyValue entity={entity} path={path} property={property} value={value} />;
}

/**
 * A logged value of an enum field (`x-ui.valueFor`: the sibling property naming the field, itself
 * an `x-ui.fieldOf`): the field's entity, path and value, to be shown by the value's label; null
 * for any other value, shown as it is.
 */
export function loggedLabel(
  entity: EntitySchema,
  record: Values,
  property: PropertySchema | undefined,
  value: unknown,
) {
  const fieldPath = property?.['x-ui']?.valueFor;
  if (!fieldPath || typeof value !== 'string') return null;
  const entityPath = propertyAt(entity, fieldPath)?.['x-ui']?.fieldOf;
  const logged = entityPath ? valueAt(record, entityPath) : undefined;
  const field = valueAt(record, fieldPath);
  const schema = typeof logged === 'string' ? entitySchemas[logged] : undefined;
  if (!schema || typeof field !== 'string') return null;
  return propertyAt(schema, field)?.enum?.includes(value) ? { resource: schema.$id, field, value } : null;
}

function LoggedLabel({ resource, field, value }: { resource: string; field: string; value: string }) {
  const translate = useTranslate();
  return translate(enumLabelKey(resource, field, value), { _: humanise(value) });
}

/** A field's name shown by its label in the user's language (`x-ui.fieldOf`). */
function FieldLabel({ entity, field }: { entity: unknown; field: unknown }): ReactNode {
  const translate = useTranslate();
  if (typeof field !== 'string' || !field) return null;
  if (typeof entity !== 'string' || !entity) return field;
  return translate(fieldLabelKey(entity, field), { _: humanise(field) });
}

const isNumeric = (property: PropertySchema | undefined) =>
  displayOf(property) === 'money' || property?.type === 'integer' || property?.type === 'number';

/** An array of records as a compact table: a column per property of its items, labelled from the catalogue. */
function ItemsTable({
  entity,
  path,
  items,
  rows,
}: {
  entity: EntitySchema;
  path: string;
  items: PropertySchema;
  rows: unknown[];
}) {
  const { translate } = useDisplay(entity);
  // A line's internal keys (the product id of an order's line) stay out, as the record's own do.
  const columns = Object.entries(items.properties ?? {}).filter(([name, property]) => !isTechnical(name, property));
  return (
    <Table size="small" sx={{ width: 'auto', minWidth: 280 }}>
      <TableHead>
        <TableRow>
          {columns.map(([name, property]) => (
            <TableCell key={name} align={isNumeric(property) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
              {translate(fieldLabelKey(entity.$id, `${path}.${name}`), { _: humanise(name) })}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            {columns.map(([name, property]) => (
              <TableCell key={name} align={isNumeric(property) ? 'right' : 'left'}>
                <PropertyValue
                  entity={entity}
                  path={`${path}.${name}`}
                  property={property}
                  value={row && typeof row === 'object' ? (row as Values)[name] : undefined}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PropertyValue({
  entity,
  path,
  property,
  value,
}: {
  entity: EntitySchema;
  path: string;
  property: PropertySchema | undefined;
  value: unknown;
}): ReactNode {
  const display = useDisplay(entity);
  if (value === null || value === undefined || value === '') return null;
  const reference = property && referenceOf(property);
  if (reference && (typeof value === 'number' || typeof value === 'string')) {
    return <ReferenceValue spec={reference} ids={[value]} />;
  }
  const references = property && itemsReferenceOf(property);
  if (references && Array.isArray(value)) {
    const ids = value.filter((id): id is number | string => typeof id === 'number' || typeof id === 'string');
    return ids.length > 0 ? <ReferenceValue spec={references} ids={ids} /> : null;
  }
  if (property?.items?.properties && Array.isArray(value)) {
    return value.length > 0 ? <ItemsTable entity={entity} path={path} items={property.items} rows={value} /> : null;
  }
  if (isImage(property)) {
    return (
      <Box
        component="img"
        src={String(value)}
        alt=""
        loading="lazy"
        sx={{
          width: 48,
          height: 48,
          objectFit: 'cover',
          borderRadius: 1,
          display: 'block',
          bgcolor: 'background.default',
        }}
      />
    );
  }
  if (isWebAddress(value) && !property?.enum) return <LinkValue href={value} qr={isPayerLink(property)} />;
  if (property?.contentMediaType === 'application/json' && typeof value === 'string') return <JsonValue text={value} />;
  const text = displayText(display, path, property, value);
  // A value that reads one way whatever the language (a signature, an address) keeps its direction.
  const dir = property?.['x-ui']?.dir;
  if (dir && !property?.enum) return <bdi dir={dir}>{text}</bdi>;
  if (property?.enum) return <StatusChip label={text} tone={toneOf(path.split('.').pop() ?? path, property, value)} />;
  // Amounts, dates and one-word values (references, phone numbers) read badly broken across lines;
  // a longer unbroken value (a pasted code or link) wraps rather than widen its table or page.
  // Every value is isolated from the text around it, so Latin or mixed text keeps its order in Arabic.
  if (isFormatted(property) || (!/\s/.test(text) && text.length <= UNBROKEN_MAX)) {
    return (
      <bdi className={UNBROKEN_CLASS} dir={valueDirection(text)}>
        {text}
      </bdi>
    );
  }
  return <bdi dir={valueDirection(text)}>{text}</bdi>;
}
