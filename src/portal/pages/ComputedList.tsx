import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { FilterButton, List, TopToolbar, useTranslate } from 'react-admin';
import { toolbarButtonStyles } from '../resources/list/ToolbarButton';
import { LIST_PER_PAGE } from '../resources/listDefaults';
import { ListPagination } from '../resources/ListPagination';

/**
 * A list the API computes (`queryOptions.meta.list` names it to the data provider): its filters
 * behind the filter button, sorted and paged by the server and kept in the address, a table on
 * wide screens and an item per row on phones, never scrolling the page sideways.
 */
export function ComputedList({
  resource,
  storeKey,
  title,
  list,
  sort: [field, order],
  filters,
  above,
  wide,
  narrow,
}: {
  resource: string;
  storeKey: string;
  /** Translation key of the screen's title. */
  title: string;
  list: string;
  sort: readonly [string, 'ASC' | 'DESC'];
  filters: ReactElement[];
  /** Shown above the rows (the totals of what the filter matches). */
  above?: ReactNode;
  wide: ReactNode;
  narrow: ReactNode;
}) {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      // The back office signs in before any screen (`requireAuth`) and the routes' gates decide who
      // may open a list (`accessGate`): react-admin's own checks here would only hold the first rows
      // back for a turn of its query cache.
      disableAuthentication
      resource={resource}
      storeKey={storeKey}
      title={translate(title)}
      queryOptions={{ meta: { list } }}
      sort={{ field, order }}
      perPage={LIST_PER_PAGE}
      filters={filters}
      exporter={false}
      actions={
        <TopToolbar sx={[{ flexWrap: 'wrap', justifyContent: 'flex-end' }, toolbarButtonStyles]}>
          <FilterButton />
        </TopToolbar>
      }
      pagination={<ListPagination />}
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0, overflowX: 'auto' } }}
    >
      {above}
      {isSmall ? narrow : wide}
    </List>
  );
}
