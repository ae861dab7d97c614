import { useMediaQuery, type Theme } from '@mui/material';
import Alert from '@mui/material/Alert';
import { useCallback, useMemo, useState } from 'react';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  TopToolbar,
  useFilterContext,
  useListContext,
  usePermissions,
  useResourceDefinition,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useParams } from 'react-router';
import { columnPriority, hasTotals, rowTitleColumn } from '../../schema/listColumns';
import { exportable } from '../../schema/operations';
import type { DateRangeProblem } from '../../schema/listDateRange';
import { statusProperty } from '../../schema/recordPage';
import { transitionsOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import { columnsOf, dateRangeOf, viewOf } from '../../schema/views';
import type { PortalPermissions } from '../data/authProvider';
import { mayDo } from './access';
import { BulkActionButtons, hasBulkActions } from './BulkActionButtons';
import { ExportButton } from './ExportButton';
import { DateRangeFilter } from './filters/DateRangeFilter';
import { listFilters } from './filters/listFilters';
import { shownColumns, useChosenColumns } from './list/chosenColumns';
import { ColumnsButton } from './list/ColumnsButton';
import { CompactItems, type CompactParts } from './list/CompactItems';
import { FoldedColumns } from './list/FoldedColumns';
import { RecordTableBody, RecordTableColumnsContext } from './list/RecordTableBody';
import { SavedViewsMenu } from './list/SavedViewsMenu';
import { toolbarButtonStyles } from './list/ToolbarButton';
import { PublicPageNote } from './list/PublicPageNote';
import { TotalsRow } from './list/TotalsRow';
import { LIST_PER_PAGE, rangeDefaults } from './listDefaults';
import { ListPagination } from './ListPagination';
import { isImage, propertyAt } from './RecordValue';
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
  return useMemo(
    () => (screen ? (id: Identifier) => screenPath(entity, screen, id, place) : false),
    [entity, screen, place],
  );
}

/**
 * On phones a table is unreadable: each record becomes an item led by its title (its reference or
 * name), its key amount at the end of that line, then its status and the next most important
 * column (`x-list.priority`). The rest is on the record's page, a tap away.
 */
function CompactList({ entity, columns }: { entity: EntitySchema; columns: readonly string[] }) {
  const link = useRowLink();
  const parts = useMemo((): CompactParts => {
    const image = columns.find((name) => isImage(propertyAt(entity, name)));
    const shown = columns.filter((name) => name !== image);
    const title = rowTitleColumn(entity, shown);
    const figure = entity['x-resource'].figure;
    const amount = figure !== undefined && shown.includes(figure) ? figure : undefined;
    const status = shown.find((name) => name === statusProperty(entity));
    const next = shown.find(
      (name) => name !== title && name !== amount && name !== status && columnPriority(entity, name) <= 2,
    );
    return { entity, title, amount, status, next, image, link };
  }, [entity, columns, link]);
  return <CompactItems parts={parts} />;
}

/**
 * The table of wider screens: the columns the screen has room for (`x-list.priority`: `2` from a
 * tablet's width, `3` on wide screens), the others folded into the row's detail, opened by the
 * arrow at the row's start. With status actions (`x-transitions`) a last column holds a menu of
 * those the row's status allows, as on the record's detail screen; on phones they are left to the
 * detail screen, a tap away, rather than crowd each item. With actions on ticked rows
 * (`x-resource.bulkActions`) each row can be ticked and the actions show above the ticked rows.
 */
function RecordTable({ entity, columns }: { entity: EntitySchema; columns: readonly string[] }) {
  const link = useRowLink();
  const actions = transitionsOf(entity).length > 0;
  const bulk = hasBulkActions(entity);
  const isWide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('xl'));
  const room = isWide ? 3 : 2;
  const table = useMemo(() => {
    const shown = columns.filter((name) => columnPriority(entity, name) <= room);
    const folded = columns.filter((name) => !shown.includes(name));
    return { entity, shown, folded, actions, link };
  }, [entity, columns, room, actions, link]);
  // The header's cells, from the same columns; the rows are RecordTableBody's.
  const head = useMemo(
    () => [
      ...table.shown.map((name) => (
        <DataTable.Col key={name} source={name} disableSort={isImage(propertyAt(entity, name))} />
      )),
      ...(actions
        ? [<DataTable.Col key="actions" label="app.transition.actions" disableSort sx={{ width: '1%' }} />]
        : []),
    ],
    [table, entity, actions],
  );
  const expand = useMemo(
    () => (table.folded.length > 0 ? <FoldedColumns entity={entity} columns={table.folded} /> : undefined),
    [table, entity],
  );
  const bulkButtons = useMemo(() => (bulk ? <BulkActionButtons entity={entity} /> : false), [bulk, entity]);
  return (
    <RecordTableColumnsContext.Provider value={table}>
      <DataTable rowClick={link} body={RecordTableBody} bulkActionButtons={bulkButtons} expand={expand}>
        {head}
      </DataTable>
    </RecordTableColumnsContext.Provider>
  );
}

/**
 * The list's body: the range's problem in place of rows that no longer match the dates picked,
 * else the table (or the phone's items) and, for a report, its totals row.
 */
function ListBody({
  entity,
  view,
  columns,
  fixed,
  problem,
  messageId,
}: {
  entity: EntitySchema;
  view?: string;
  columns: readonly string[];
  fixed: Values;
  problem: DateRangeProblem | null;
  messageId: string;
}) {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { error } = useListContext();
  if (problem)
    return (
      <>
        {!view && <PublicPageNote entity={entity} />}
        <Alert id={messageId} severity="error" role="alert" sx={{ m: 2 }}>
          {translate(problem.key, problem.params)}
        </Alert>
      </>
    );
  return (
    <>
      {!view && <PublicPageNote entity={entity} />}
      {isSmall ? <CompactList entity={entity} columns={columns} /> : <RecordTable entity={entity} columns={columns} />}
      {!error && hasTotals(entity, view) && <TotalsRow entity={entity} view={view} filter={fixed} />}
    </>
  );
}

/**
 * Above the list: its filters to add, the columns to show, the user's saved views of the list (a
 * list of saved views has none of its own), Create where the resource allows it (and the user may
 * create: the resource then has a create screen), and the CSV export of every row where the user
 * may export.
 */
function ListToolbar({ columns, storeKey, list }: { columns: readonly string[]; storeKey: string; list: string }) {
  const filters = useFilterContext();
  const entity = useEntitySchema();
  const { hasCreate } = useResourceDefinition();
  const { permissions } = usePermissions<PortalPermissions>();
  return (
    <TopToolbar sx={[{ flexWrap: 'wrap', justifyContent: 'flex-end' }, toolbarButtonStyles]}>
      {filters && <FilterButton />}
      {columns.length > 1 && <ColumnsButton resource={entity.$id} columns={columns} storeKey={storeKey} />}
      {entity['x-resource'].perUser === undefined && <SavedViewsMenu list={list} storeKey={storeKey} />}
      {hasCreate && <CreateButton to={screenPath(entity, 'create')} />}
      {exportable(entity) && mayDo(entity, 'export', permissions) && <ExportButton />}
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
  const resource = entity.$id;
  const [field, order] = entity['x-list'].sort;
  const rule = dateRangeOf(entity, view);
  const columns = columnsOf(entity, view);
  const [problem, setProblem] = useState<DateRangeProblem | null>(null);
  const onProblem = useCallback((next: DateRangeProblem | null) => setProblem(next), []);
  const messageId = `${resource}-range-problem`;

  // A view of one record's children (`/unit/tenant-list/:unit_id`) keeps its own filters per record.
  const fixed = useMemo(() => (view ? viewFilter(entity, view, params) : {}), [entity, view, params]);
  const fixedKey = JSON.stringify(fixed);
  const storeKey = view ? `${resource}.views.${fixedKey}` : `${resource}.listParams`;
  const filter = useMemo(() => JSON.parse(fixedKey) as Values, [fixedKey]);
  // The columns the user chose for this list, kept per list and saved with its views.
  const [chosen] = useChosenColumns(storeKey);
  const shown = useMemo(() => shownColumns(columns, chosen), [columns, chosen]);
  // Saved views belong to the list's route (a view's own, `/unit/tenant-list/:unit_id`, for every unit).
  const listRoute = view ? (viewOf(entity, view)?.route ?? screenPath(entity, 'list')) : screenPath(entity, 'list');

  // The date range is two filter values, in the address like the others; it opens at the default.
  const defaults = useMemo(() => rangeDefaults(rule), [rule]);

  const filters = useMemo(() => {
    const omit = [...Object.keys(viewOf(entity, view)?.filter ?? {}), ...(rule ? [rule.field] : [])];
    const inputs = listFilters(entity, omit);
    if (!rule) return inputs;
    return [
      <DateRangeFilter
        key="dateRange"
        alwaysOn
        source={`${rule.field}_range`}
        resource={resource}
        rule={rule}
        onProblem={onProblem}
        messageId={messageId}
      />,
      ...inputs,
    ];
  }, [entity, view, rule, resource, onProblem, messageId]);

  return (
    <List
      // The back office signs in before any screen (`requireAuth`) and the routes' gates decide who
      // may open a list (`accessGate`): react-admin's own checks here would only hold the first rows
      // back for a turn of its query cache.
      disableAuthentication
      resource={resource}
      storeKey={storeKey}
      title={view ? viewLabel(translate, resource, view) : undefined}
      sort={{ field, order }}
      filter={filter}
      filterDefaultValues={defaults}
      filters={filters}
      // A list scoped by a view or a date range keeps its filters in sight when nothing matches.
      empty={view || rule ? false : undefined}
      perPage={LIST_PER_PAGE}
      // The export is the server's (every row, streamed): react-admin's own, in the page, is off.
      exporter={false}
      actions={<ListToolbar columns={columns} storeKey={storeKey} list={listRoute} />}
      pagination={problem ? false : <ListPagination />}
      // Columns fold rather than overflow (`x-list.priority`); a table still too wide for an odd
      // width scrolls inside its card (see PortalLayout), never the page.
      // The bar of actions on ticked rows takes its own line above the table: react-admin lifts it
      // over the list's toolbar, where the scrolling card would cut it off.
      sx={{
        '& .RaList-main': { minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
        // A long unbroken value (a pasted link, a code) wraps inside its cell rather than widen the table.
        '& .RaList-content td, & .RaList-content li': { overflowWrap: 'anywhere' },
        '& .MuiToolbar-root.RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' },
      }}
    >
      <ListBody entity={entity} view={view} columns={shown} fixed={filter} problem={problem} messageId={messageId} />
    </List>
  );
}
