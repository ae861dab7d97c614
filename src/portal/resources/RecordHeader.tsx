import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { statusProperty } from '../../schema/recordPage';
import { toneOf } from '../../schema/tones';
import type { EntitySchema } from '../../schema/types';
import { fieldLabelKey } from '../forms/uiSchema';
import { humanise } from '../forms/translate';
import { displayText, useDisplay } from './RecordValue';
import { StatusChip } from './StatusChip';
import { useRecordTitle } from './recordTitle';

type Values = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The top of a record's page: what the record is (the entity's name), its human title (a
 * reference number, a name), its status chip coloured by meaning and its key figure
 * (`x-resource.figure`), large. Titles and figures are Latin inside Arabic text, so each is
 * isolated (`<bdi>`) to keep its own direction.
 */
export function RecordHeader({ entity }: { entity: EntitySchema }) {
  const record = useRecordContext<Values>();
  const display = useDisplay(entity);
  const recordTitle = useRecordTitle(entity);
  if (!record) return null;
  const { translate } = display;
  const title = recordTitle(record) ?? translate(`resources.${entity.$id}.name`, { smart_count: 1, _: entity.title });
  const status = statusProperty(entity);
  const statusValue = status ? record[status] : undefined;
  const figure = entity['x-resource'].figure;
  const figureValue = figure ? record[figure] : undefined;
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
        px: 2,
        pt: 2,
        pb: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {translate(`resources.${entity.$id}.name`, { smart_count: 1, _: entity.title })}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <bdi>{title}</bdi>
          </Typography>
          {status && !isBlank(statusValue) && (
            <StatusChip
              size="medium"
              label={displayText(display, status, entity.properties[status], statusValue)}
              tone={toneOf(status, entity.properties[status], statusValue)}
            />
          )}
        </Box>
      </Box>
      {figure && !isBlank(figureValue) && (
        <Box sx={{ textAlign: { xs: 'start', sm: 'end' } }}>
          <Typography variant="caption" component="p" color="text.secondary">
            {translate(fieldLabelKey(entity.$id, figure), { _: humanise(figure) })}
          </Typography>
          <Typography
            variant="h4"
            component="p"
            data-figure={figure}
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            <bdi>{displayText(display, figure, entity.properties[figure], figureValue)}</bdi>
          </Typography>
        </Box>
      )}
    </Box>
  );
}
