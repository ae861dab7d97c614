import { alpha, lighten, styled } from '@mui/material/styles';
import { createContext, isValidElement, memo, useContext, type MouseEvent, type ReactNode } from 'react';
import {
  RecordContextProvider,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableDataContext,
  useDataTableSelectedIdsContext,
  useExpanded,
  useNavigate,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { EntitySchema } from '../../../schema/types';
import { RecordValue } from '../RecordValue';
import { RowActionsMenu } from './RowActionsMenu';

/**
 * What the table's rows show: the columns in view and where a row leads. The row's detail (the
 * folded columns) and whether rows can be ticked are the `DataTable`'s own `expand` and bulk actions.
 */
export interface RecordTableColumns {
  entity: EntitySchema;
  shown: readonly string[];
  /** Whether a last column holds the row's status actions. */
  actions: boolean;
  link: ((id: Identifier) => string) | false;
}

export const RecordTableColumnsContext = createContext<RecordTableColumns | null>(null);

/**
 * The rows' look, once for the whole body: the same cells, lines and hover as MUI's table, as
 * rules on plain elements. A page of 25 rows of 6 columns is then 150 cells, not 150 styled
 * components with their own hooks, selection checkboxes and ripples.
 */
const Body = styled('tbody')(({ theme }) => ({
  '& > tr': { color: 'inherit', verticalAlign: 'middle', outline: 0 },
  '& > tr.RaDataTable-row:hover': { backgroundColor: theme.palette.action.hover },
  '& > tr.Mui-selected': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
  '& > tr > td': {
    ...theme.typography.body2,
    color: theme.palette.text.primary,
    verticalAlign: 'inherit',
    textAlign: 'start',
    padding: '6px 16px',
    borderBottom: `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`,
  },
  '& > tr.RaDataTable-expandable > td': { borderBottom: 'unset' },
  '& > tr > td.RaDataTable-expandIconCell': { padding: 0, width: theme.spacing(4) },
  // The header's tick box sits in a cell of this width and padding: the rows' line up under it.
  '& > tr > td.bw-select': { width: 24, padding: '0 8px' },
  '& > tr > td.bw-select > input': {
    display: 'block',
    width: 18,
    height: 18,
    margin: 3,
    accentColor: theme.palette.primary.main,
    cursor: 'pointer',
  },
  '& > tr.RaDataTable-expandRow > td': { paddingTop: 0, paddingBottom: 0 },
  '& button.RaDataTable-expandIcon': {
    display: 'inline-flex',
    padding: theme.spacing(1),
    margin: 0,
    border: 0,
    borderRadius: '50%',
    background: 'none',
    color: theme.palette.action.active,
    cursor: 'pointer',
    fontSize: '1.125rem',
    transform: 'rotate(-90deg)',
    transition: theme.transitions.create('transform', { duration: theme.transitions.duration.short }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    '&.RaDataTable-expanded': { transform: 'rotate(0deg)' },
    '& > svg': { width: '1em', height: '1em', fill: 'currentColor' },
  },
}));

const stop = (event: MouseEvent) => event.stopPropagation();

/** One record's row, and below it the row of its folded columns. */
const Row = memo(function Row({
  record,
  index,
  columns,
  detail,
  selected,
  selectable,
  onToggle,
}: {
  record: RaRecord;
  index: number;
  columns: RecordTableColumns;
  /** The row's detail, opened by its arrow: the table's `expand`. */
  detail: ReactNode;
  selected: boolean;
  selectable: boolean;
  onToggle?: (id: Identifier, event: MouseEvent) => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { entity, shown, actions, link } = columns;
  const expandable = detail !== undefined;
  const [expanded, toggleExpanded] = useExpanded(entity.$id, record.id);
  const detailId = `${entity.$id}-${record.id}-expand`;
  const classes = [
    'RaDataTable-row',
    index % 2 === 0 ? 'RaDataTable-rowEven' : 'RaDataTable-rowOdd',
    link && 'RaDataTable-clickableRow',
    expandable && 'RaDataTable-expandable',
    selectable && 'RaDataTable-selectable',
    selected && 'Mui-selected',
  ];
  const open = () => {
    if (link) navigate(link(record.id), { state: { _scrollToTop: true } });
  };
  return [
    <tr key="row" className={classes.filter(Boolean).join(' ')} onClick={open}>
      {expandable && (
        <td className="RaDataTable-expandIconCell">
          <button
            type="button"
            className={`RaDataTable-expandIcon${expanded ? ' RaDataTable-expanded' : ''}`}
            aria-label={translate(expanded ? 'ra.action.close' : 'ra.action.expand')}
            aria-expanded={expanded}
            aria-controls={detailId}
            onClick={(event) => {
              event.stopPropagation();
              toggleExpanded();
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
            </svg>
          </button>
        </td>
      )}
      {selectable && (
        <td className="bw-select" onClick={stop}>
          <input
            type="checkbox"
            className="select-item RaDataTable-checkbox"
            aria-label={translate('ra.action.select_row', { _: 'Select this row' })}
            checked={selected}
            onChange={() => undefined}
            onClick={(event) => onToggle?.(record.id, event)}
          />
        </td>
      )}
      {shown.map((name) => (
        <td key={name} className={`RaDataTable-rowCell column-${name}`}>
          <RecordValue entity={entity} path={name} record={record} />
        </td>
      ))}
      {actions && (
        <td className="RaDataTable-rowCell" style={{ width: '1%' }}>
          <RowActionsMenu entity={entity} record={record} />
        </td>
      )}
    </tr>,
    expandable && (
      <tr key="detail" id={detailId} className="RaDataTable-expandRow">
        <td colSpan={1 + (selectable ? 1 : 0) + shown.length + (actions ? 1 : 0)}>
          {expanded && <RecordContextProvider value={record}>{detail}</RecordContextProvider>}
        </td>
      </tr>
    ),
  ];
});

/**
 * The table's body (react-admin's `DataTable` `body`): the header, sorting, selection and paging
 * stay react-admin's; the rows are drawn here from the schema's columns.
 */
export const RecordTableBody = memo(function RecordTableBody() {
  const data = useDataTableDataContext();
  const columns = useContext(RecordTableColumnsContext);
  const selectedIds = useDataTableSelectedIdsContext();
  const { handleToggleItem } = useDataTableCallbacksContext();
  const { expand, hasBulkActions } = useDataTableConfigContext();
  if (!columns) throw new Error('RecordTableBody needs the columns of RecordTableColumnsContext');
  const selectable = hasBulkActions && Boolean(handleToggleItem);
  // RecordTable's `expand` is an element (the folded columns), never a component.
  const detail = isValidElement(expand) ? expand : undefined;
  return (
    <Body className="MuiTableBody-root RaDataTable-tbody datatable-body">
      {data?.map((record, index) => (
        <Row
          key={record.id ?? `row${index}`}
          record={record}
          index={index}
          columns={columns}
          detail={detail}
          selected={selectedIds?.includes(record.id) ?? false}
          selectable={selectable}
          onToggle={handleToggleItem}
        />
      ))}
    </Body>
  );
});
