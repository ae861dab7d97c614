import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { FunctionField, Labeled, useRecordContext, useTranslate } from 'react-admin';
import { recordSections, shownOnPage } from '../../schema/recordPage';
import { applies } from '../../schema/when';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { humanise } from '../forms/translate';
import { isBlank, RecordValue } from './RecordValue';
import { SecretValue } from './SecretValue';

/** Tables (an order's lines) and long text need the section's whole width. */
const isWide = (property: PropertySchema | undefined) =>
  Boolean(property?.items?.properties) || property?.['x-ui']?.widget === 'textarea';

/** What an empty field reads as, so that its label does not seem to belong to the next one. */
const EMPTY = (
  <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
    —
  </Box>
);

/** A key revealed on demand (`x-ui.secret`), by the name the reveal answers it under. */
const secretOf = (property: PropertySchema | undefined) =>
  property?.['x-ui']?.secret && typeof property['x-generated'] === 'string' ? property['x-generated'] : undefined;

/**
 * A record's fields in titled sections (`x-resource.layout`), in a grid of as many columns as fit:
 * every property the page shows (`shownOnPage`: not the internal ones) that applies to this record
 * (`x-when`: a quick invoice has no parts count), an empty one as "—", a key masked.
 */
export function RecordSections({ entity }: { entity: EntitySchema }) {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  const shown = useMemo(() => shownOnPage(entity), [entity]);
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
            {fields.map((field) => {
              const secret = secretOf(entity.properties[field]);
              return (
                <Box
                  key={field}
                  className={`ra-field ra-field-${field}`}
                  // A long unbroken value (an IBAN) wraps inside its cell instead of running into the next.
                  sx={{
                    minWidth: 0,
                    overflowWrap: 'anywhere',
                    // A long link (a payment link) wraps too, rather than run under the next field.
                    '& a': { whiteSpace: 'normal' },
                    gridColumn: isWide(entity.properties[field]) ? '1 / -1' : undefined,
                  }}
                >
                  <Labeled>
                    <FunctionField
                      source={field}
                      render={(row: Record<string, unknown>) =>
                        secret ? (
                          <SecretValue secret={secret} />
                        ) : isBlank(row[field]) ? (
                          EMPTY
                        ) : (
                          <RecordValue entity={entity} path={field} record={row} />
                        )
                      }
                    />
                  </Labeled>
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
