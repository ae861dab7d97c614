import { useMediaQuery, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { DataTable, List, SimpleList, type RaRecord } from 'react-admin';
import type { EntitySchema } from '../../schema/types';
import { listFilters } from './filters/listFilters';
import { ListPagination } from './ListPagination';
import { displayText, isImage, propertyAt, RecordValue, useDisplay } from './RecordValue';
import { useEntitySchema } from './useEntitySchema';

type Values = Record<string, unknown>;

/** On phones a table is unreadable: each record becomes a two-line item of its list columns. */
function CompactList({ entity }: { entity: EntitySchema }) {
  const display = useDisplay(entity);
  const columns = entity['x-list'].columns;
  const image = columns.find((name) => isImage(propertyAt(entity, name)));
  const [primary, secondary, ...rest] = columns.filter((name) => name !== image);
  const text = (record: RaRecord, name: string | undefined) =>
    name ? displayText(display, name, propertyAt(entity, name), record[name]) : '';
  return (
    <SimpleList<RaRecord>
      linkType="show"
      primaryText={(record) => text(record, primary)}
      secondaryText={(record) => text(record, secondary)}
      tertiaryText={(record) =>
        rest
          .map((name) => text(record, name))
          .filter(Boolean)
          .slice(0, 2)
          .join(' · ')
      }
      leftAvatar={image ? (record) => <RecordValue entity={entity} path={image} record={record} /> : undefined}
    />
  );
}

/**
 * The list screen of any resource: columns from `x-list.columns`, default sort from `x-list.sort`,
 * filters from `x-list.filters`; pages, sorts and filters are the server's work.
 */
export default function ResourceList() {
  const entity = useEntitySchema();
  const filters = useMemo(() => listFilters(entity), [entity]);
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [field, order] = entity['x-list'].sort;
  return (
    <List sort={{ field, order }} filters={filters} perPage={25} exporter={false} pagination={<ListPagination />}>
      {isSmall ? (
        <CompactList entity={entity} />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          {entity['x-list'].columns.map((name) => (
            <DataTable.Col
              key={name}
              source={name}
              disableSort={isImage(propertyAt(entity, name))}
              render={(record: Values) => <RecordValue entity={entity} path={name} record={record} />}
            />
          ))}
        </DataTable>
      )}
    </List>
  );
}
