import { useMediaQuery, type Theme } from '@mui/material';
import { useMemo } from 'react';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useFilterContext,
  usePermissions,
  useResourceDefinition,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useParams } from 'react-router';
import { rangeFilters } from '../../schema/listDateRange';
import { transitionsOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import { columnsOf, dateRangeOf, viewOf } from '../../schema/views';
import type { PortalPermissions } from '../data/authProvider';
import { mayDo } from './access';
import { BulkActionButtons, hasBulkActions } from './BulkActionButtons';
import { ExportButton } from './ExportButton';
import { DateRangeFilter } from './filters/DateRangeFilter';
import { listFilters } from './filters/listFilters';
import { useDateRange } from './filters/useDateRange';
import { ListPagination } from './ListPagination';
import { displayText, isImage, propertyAt, RecordValue, useDisplay } from './RecordValue';
import { TransitionButtons } from './TransitionButtons';
import { screenPath } from './screenPaths';
import { useScreenPlace } from './screenPlace';
import { useEntitySchema } from './useEntitySchema';
import { viewFilter, viewLabel } from './views';

type Values = Record<string, unknown>;

/**
 * Where a row leads: the record's detail, else its edit form, else nowhere (`x-resource.operations`),
 * at its SPEC address below the list or view shown (`screenPaths`).
 */
function useRowLink(): ((id: Identifier) => string) | false {
  const { hasShow, hasEdit } = useResourceDefinition();
  const entity = useEntitySchema();
  const place = useScreenPlace();
  const screen = hasShow ? 'show' : hasEdit ? 'edit' : undefined;
  return screen ? (id) => screenPath(entity, screen, id, place) : false;
}

/** On phones a table is unreadable: each record becomes a two-line item of its list columns. */
function CompactList({ entity, columns }: { entity: EntitySchema; columns: readonly string[] }) {
  const display = useDisplay(entity);
  const link = useRowLink();
  const image = columns.find((name) => isImage(propertyAt(entity, name)));
  const [primary, secondary, ...rest] = columns.filter((name) => name !== image);
  const text = (record: RaRecord, name: string | undefined) =>
    name ? displayText(display, name, propertyAt(entity, name), record[name]) : '';
  return (
    <SimpleList<RaRecord>
      rowClick={link}
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
 * The table of wider screens. With status actions (`x-transitions`) a last column holds the
 * buttons of those the row's status allows, as on the record's detail screen; on phones they are
 * left to the detail screen, a tap away, rather than crowd each item. With actions on ticked rows
 * (`x-resource.bulkActions`) each row can be ticked and the actions show above the ticked rows.
 */
function RecordTable({ entity, columns }: { entity: EntitySchema; columns: readonly string[] }) {
  const link = useRowLink();
  const actions = transitionsOf(entity).length > 0;
  return (
    <DataTable
      rowClick={link}
      bulkActionButtons={hasBulkActions(entity) ? <BulkActionButtons entity={entity} /> : false}
    >
      {columns.map((name) => (
        <DataTable.Col
          key={name}
          source={name}
          disableSort={isImage(propertyAt(entity, name))}
          render={(record: Values) => <RecordValue entity={entity} path={name} record={record} />}
        />
      ))}
      {actions && (
        <DataTable.Col
          label="app.transition.actions"
          disableSort
          sx={{ width: '1%' }}
          render={(record: RaRecord) => <TransitionButtons entity={entity} record={record} compact />}
        />
      )}
    </DataTable>
  );
}

/**
 * Above the list: its filters to add, Create where the resource allows it (and the user may create:
 * the resource then has a create screen), and the CSV export of every row where the user may export.
 */
function ListToolbar() {
  const filters = useFilterContext();
  const entity = useEntitySchema();
  const { hasCreate } = useResourceDefinition();
  const { permissions } = usePermissions<PortalPermissions>();
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      {hasCreate && <CreateButton to={screenPath(entity, 'create')} />}
      {mayDo(entity, 'export', permissions) && <ExportButton />}
    </TopToolbar>
  );
}

/**
 * The list screen of any resource, or of one of its views (`x-resource.views`): columns from
 * `x-list.columns` (or the view's), default sort from `x-list.sort`, filters from `x-list.filters`,
 * a view's fixed filter that the user cannot lift, and the from/to dates a date range rule asks
 * for (`x-list.dateRange`, or the view's), always shown. Pages, sorts and filters are the server's work.
 */
export default function ResourceList({ view }: { view?: string }) {
  const entity = useEntitySchema();
  const translate = useTranslate();
  const params = useParams();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const resource = entity.$id;
  const [field, order] = entity['x-list'].sort;
  const rule = dateRangeOf(entity, view);
  const columns = columnsOf(entity, view);

  // A view of one record's children (`/unit/tenant-list/:unit_id`) keeps its own filters per record.
  const fixed = useMemo(() => (view ? viewFilter(entity, view, params) : {}), [entity, view, params]);
  const fixedKey = JSON.stringify(fixed);
  const storeKey = view ? `${resource}.views.${fixedKey}` : `${resource}.listParams`;
  const [range, setRange] = useDateRange(`${storeKey}.dateRange`, rule);

  const filter = useMemo(() => {
    const scope = JSON.parse(fixedKey) as Values;
    if (!rule || !range) return scope;
    const ends = rangeFilters(rule);
    return { ...scope, [ends.from]: range.from, [ends.to]: range.to };
  }, [fixedKey, rule, range]);

  const filters = useMemo(() => {
    const omit = [...Object.keys(viewOf(entity, view)?.filter ?? {}), ...(rule ? [rule.field] : [])];
    const inputs = listFilters(entity, omit);
    if (!rule || !range) return inputs;
    return [
      <DateRangeFilter
        key="dateRange"
        alwaysOn
        source={`${rule.field}_range`}
        resource={resource}
        rule={rule}
        value={range}
        onChange={setRange}
      />,
      ...inputs,
    ];
  }, [entity, view, rule, range, resource, setRange]);

  return (
    <List
      resource={resource}
      storeKey={storeKey}
      title={view ? viewLabel(translate, resource, view) : undefined}
      sort={{ field, order }}
      filter={filter}
      filters={filters}
      // A list scoped by a view or a date range keeps its filters in sight when nothing matches.
      empty={view || rule ? false : undefined}
      perPage={25}
      // The export is the server's (every row, streamed): react-admin's own, in the page, is off.
      exporter={false}
      actions={<ListToolbar />}
      pagination={<ListPagination />}
      // A wide table scrolls inside its card (see PortalLayout).
      // The bar of actions on ticked rows takes its own line above the table: react-admin lifts it
      // over the list's toolbar, where the scrolling card would cut it off.
      sx={{
        '& .RaList-main': { minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
        '& .MuiToolbar-root.RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' },
      }}
    >
      {isSmall ? <CompactList entity={entity} columns={columns} /> : <RecordTable entity={entity} columns={columns} />}
    </List>
  );
}
