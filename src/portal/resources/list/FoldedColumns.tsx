import Box from '@mui/material/Box';
import { useRecordContext, useTranslate } from 'react-admin';
import { fieldLabelKey } from '../../../schema/labels';
import type { EntitySchema } from '../../../schema/types';
import { humanise } from '../../forms/translate';
import { RecordValue } from '../RecordValue';

/**
 * The columns a narrow screen folds (`x-list.priority`), as label and value pairs in the row's
 * detail, opened from the row: nothing of the record is lost for want of width.
 */
export function FoldedColumns({ entity, columns }: { entity: EntitySchema; columns: readonly string[] }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
        gap: 1.5,
        m: 0,
        py: 1,
        '& dt': { color: 'text.secondary', typography: 'caption' },
        '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
      }}
    >
      {columns.map((name) => (
        <div key={name}>
          <dt>{translate(fieldLabelKey(entity.$id, name), { _: humanise(name) })}</dt>
          <dd>
            <RecordValue entity={entity} path={name} record={record} />
          </dd>
        </div>
      ))}
    </Box>
  );
}
