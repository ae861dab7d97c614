import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { FunctionField, Labeled, Show, useRecordContext, useTranslate } from 'react-admin';
import { recordSections } from '../../schema/recordPage';
import { childrenOf } from '../../schema/relations';
import { applies } from '../../schema/when';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { humanise } from '../forms/translate';
import { RecordHeader } from './RecordHeader';
import { RecordPageTitle } from './RecordPageTitle';
import { RecordValue } from './RecordValue';
import { RelatedRecords } from './RelatedRecords';
import { ShowActions } from './ShowActions';
import { useEntitySchema } from './useEntitySchema';

/**
 * The detail screen of any resource, a designed page from the schema's hints: a header with the
 * record's title, status and key figure, its fields in titled sections (`x-resource.layout`), the
 * records pointing at it, and its sections', commands', actions' and creates' buttons above.
 * Every property shows but the write-only ones (secrets), the child records sent with a create
 * (`x-children`: records of their own afterwards, never part of the record read) and those that
 * do not apply to this record (`x-when`: a quick invoice has no parts count).
 */
export default function ResourceShow() {
  const entity = useEntitySchema();
  return (
    <Show actions={<ShowActions />} title={<RecordPageTitle screen="show" />}>
      <RecordHeader entity={entity} />
      <RecordSections entity={entity} />
      <RelatedRecords entity={entity} />
    </Show>
  );
}

/** Tables (an order's lines) and long text need the section's whole width. */
const isWide = (property: PropertySchema | undefined) =>
  Boolean(property?.items?.properties) || property?.['x-ui']?.widget === 'textarea';

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** What an empty field reads as, so that its label does not seem to belong to the next one. */
const EMPTY = (
  <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
    —
  </Box>
);

function RecordSections({ entity }: { entity: EntitySchema }) {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  const shown = useMemo(
    () => Object.entries(entity.properties).filter(([, property]) => !property.writeOnly && !childrenOf(property)),
    [entity],
  );
  if (!record) return null;
  const names = shown.filter(([, property]) => applies(property, record)).map(([name]) => name);
  return (
    <Box sx={{ px: 2, pb: 1 }}>
      {recordSections(entity, names).map(({ name, fields }) => (
        <Box component="section" key={name} aria-labelledby={`section-${name}`} sx={{ pt: 2 }}>
          <Typography
            id={`section-${name}`}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, mb: 1, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}
          >
            {translate(`app.record.groups.${name}`, { _: humanise(name) })}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
              columnGap: 3,
              rowGap: 1.5,
            }}
          >
            {fields.map((field) => (
              <Box
                key={field}
                className={`ra-field ra-field-${field}`}
                // A long unbroken value (an IBAN) wraps inside its cell instead of running into the next.
                sx={{
                  minWidth: 0,
                  overflowWrap: 'anywhere',
                  gridColumn: isWide(entity.properties[field]) ? '1 / -1' : undefined,
                }}
              >
                <Labeled>
                  <FunctionField
                    source={field}
                    render={(row: Record<string, unknown>) =>
                      isBlank(row[field]) ? EMPTY : <RecordValue entity={entity} path={field} record={row} />
                    }
                  />
                </Labeled>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
