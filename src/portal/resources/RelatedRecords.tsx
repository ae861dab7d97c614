import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMediaQuery, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  LinearProgress,
  useGetManyReference,
  usePermissions,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { columnPriority, PRIORITY_BREAKPOINTS } from '../../schema/listColumns';
import { allows } from '../../schema/operations';
import { relatedOf, titleProperty, type Related } from '../../schema/recordPage';
import { referenceOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import { fieldLabelKey } from '../forms/uiSchema';
import { humanise } from '../forms/translate';
import { mayDo } from './access';
import { displayText, propertyAt, RecordValue, useDisplay } from './RecordValue';
import { screenPath } from './screenPaths';
import { usePortalEntities } from './usePortalEntities';

/** Most related records a page lists; their own list has the rest. */
const SHOWN = 10;

const isNumeric = (entity: EntitySchema, name: string) => {
  const property = propertyAt(entity, name);
  return property?.format === 'kwd' || property?.type === 'integer' || property?.type === 'number';
};

/**
 * One entity's records pointing at the record shown (a transaction's refunds), newest first as
 * their own list sorts them: a compact table of their list columns on wider screens, two-line
 * items on phones, each opening the record.
 */
function RelatedList({ related: { source, column, columns, name }, id }: { related: Related; id: Identifier }) {
  const translate = useTranslate();
  const display = useDisplay(source);
  const entities = usePortalEntities();
  const { permissions } = usePermissions<PortalPermissions>();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [field, order] = source['x-list'].sort;
  const { data, total, isPending, error } = useGetManyReference(source.$id, {
    target: column,
    id,
    pagination: { page: 1, perPage: SHOWN },
    sort: { field, order },
  });
  const title = titleProperty(source, entities, display.language);
  // The record's title opens it; a list without it among its columns opens by its first one that
  // is not a reference (a contract's unit would read as the unit's id there).
  const isReference = (name: string) => Boolean(referenceOf(propertyAt(source, name) ?? {}));
  const titleName =
    title && columns.includes(title) ? title : (columns.find((name) => !isReference(name)) ?? columns[0]);
  const opens = allows(source, 'show') && mayDo(source, 'show', permissions);
  const pathOf = (record: RaRecord) => screenPath(source, 'show', record.id);
  const text = (record: RaRecord, name: string) => displayText(display, name, propertyAt(source, name), record[name]);
  // A column shows from the width its list shows it (`x-list.priority`); the record's title always.
  const shownFrom = (name: string) =>
    name === titleName
      ? undefined
      : { display: { xs: 'none', [PRIORITY_BREAKPOINTS[columnPriority(source, name)]]: 'table-cell' } };
  const headingId = `related-${source.$id}-${column}`;
  const plural = translate(`resources.${source.$id}.name`, { smart_count: 2, _: humanise(source.$id) });
  const heading = name ? translate(`app.record.related.${name}`, { _: plural }) : plural;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ px: 2, py: 1.5 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {heading}
        {total !== undefined && total > 0 && (
          <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
            {' '}
            (<bdi>{total}</bdi>)
          </Typography>
        )}
      </Typography>
      {isPending ? (
        <LinearProgress />
      ) : error || !data || data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(error ? 'app.record.related_unavailable' : 'app.record.related_none')}
        </Typography>
      ) : isSmall ? (
        <List dense disablePadding>
          {data.map((record) => (
            <ListItemButton
              key={String(record.id)}
              component={opens ? Link : 'div'}
              to={opens ? pathOf(record) : undefined}
              divider
              sx={{ px: 0 }}
            >
              <ListItemText
                primary={<bdi>{text(record, titleName)}</bdi>}
                secondary={columns
                  .filter((name) => name !== titleName && !isReference(name))
                  .map((name) => text(record, name))
                  .filter(Boolean)
                  .slice(0, 3)
                  .join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
            <TableHead>
              <TableRow>
                {columns.map((name) => (
                  <TableCell
                    key={name}
                    align={isNumeric(source, name) ? 'right' : 'left'}
                    sx={{ ...shownFrom(name), fontWeight: 600, verticalAlign: 'bottom' }}
                  >
                    {translate(fieldLabelKey(source.$id, name), { _: humanise(name) })}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((record) => (
                <TableRow key={String(record.id)} hover>
                  {columns.map((name) => (
                    <TableCell key={name} align={isNumeric(source, name) ? 'right' : 'left'} sx={shownFrom(name)}>
                      {name === titleName && opens ? (
                        <MuiLink component={Link} to={pathOf(record)}>
                          <bdi>{text(record, name)}</bdi>
                        </MuiLink>
                      ) : (
                        <RecordValue entity={source} path={name} record={record} />
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/**
 * The records of other entities pointing at the record shown, one list per referring entity and
 * column (`x-references`), for the entities the user may list.
 */
export function RelatedRecords({ entity }: { entity: EntitySchema }) {
  const record = useRecordContext();
  const entities = usePortalEntities();
  const { permissions } = usePermissions<PortalPermissions>();
  const related = useMemo(
    () => relatedOf(entity, entities).filter(({ source }) => mayDo(source, 'list', permissions)),
    [entity, entities, permissions],
  );
  if (!record || related.length === 0) return null;
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      {related.map((item) => {
        // Records pointing at it by a value (an invoice's payments by its reference) need that value.
        const id = item.key ? (record[item.key] as Identifier | null | undefined) : record.id;
        if (id === undefined || id === null || id === '') return null;
        return <RelatedList key={`${item.source.$id}.${item.column}`} related={item} id={id} />;
      })}
    </Box>
  );
}
