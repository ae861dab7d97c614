import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useMemo, useState, type MouseEvent } from 'react';
import { useDelete, useGetList, useListContext, useNotify, useTranslate } from 'react-admin';
import type { SavedView } from '../../../generated/saved_view';
import { useChosenColumns } from './chosenColumns';
import { SaveViewDialog, type ViewState } from './SaveViewDialog';
import { ToolbarMenu } from './ToolbarMenu';
import { useOpenedOnce } from './useOpenedOnce';

/** A saved view as the API answers it: with its id. */
type StoredView = SavedView & { id: number };

/**
 * The list's "Views" menu: the signed-in user's saved views of this list (`list`: the list's
 * route), each applied with one click — its filters, date range and sort made the list's (and
 * so its address's), its columns chosen — and deleted by the bin beside it; then "Save this view…", which
 * names the list as it is now. Views are the user's own (`saved_view`, one per account).
 */
export function SavedViewsMenu({ list, storeKey }: { list: string; storeKey: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, setFilters, setSort } = useListContext();
  const [chosen, setChosen] = useChosenColumns(storeKey);
  const [saving, setSaving] = useState(false);
  const asked = useOpenedOnce(saving);
  const { data, refetch } = useGetList<StoredView>('saved_view', {
    filter: { list },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  // The API matches the list by substring: keep this list's own.
  const views = useMemo(() => (data ?? []).filter((view) => view.list === list), [data, list]);
  const [remove] = useDelete<StoredView>();

  const state: ViewState = {
    list,
    filters: filterValues as ViewState['filters'],
    ...(chosen ? { columns: chosen } : {}),
    ...(sort.field ? { sort: { field: sort.field, order: sort.order === 'ASC' ? 'ASC' : 'DESC' } } : {}),
  };

  /**
   * The view's filters (its date range among them) and sort become the list's, at once rather than
   * after the typing delay; react-admin puts them in the list's address, as a filter picked by hand.
   */
  const apply = (view: StoredView) => {
    setChosen(view.columns && view.columns.length > 0 ? view.columns : null);
    const filters = view.filters ?? {};
    setFilters(filters, Object.fromEntries(Object.keys(filters).map((name) => [name, true])), false);
    if (view.sort) setSort({ field: view.sort.field, order: view.sort.order });
  };
  const forget = (event: MouseEvent, view: StoredView) => {
    event.stopPropagation();
    void remove(
      'saved_view',
      { id: view.id, previousData: view },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.saved_views.deleted', { type: 'info', messageArgs: { name: view.name } });
          void refetch();
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );
  };

  return (
    <>
      <ToolbarMenu
        label="app.saved_views.button"
        icon={<BookmarksIcon />}
        menuLabel="app.saved_views.menu"
        paperSx={{ maxWidth: 360 }}
      >
        {(close) => [
          <ListSubheader key="heading" sx={{ lineHeight: 2.5 }}>
            {translate('app.saved_views.menu')}
          </ListSubheader>,
          views.length === 0 && (
            <MenuItem key="none" disabled>
              <ListItemText>{translate('app.saved_views.none')}</ListItemText>
            </MenuItem>
          ),
          ...views.map((view) => (
            <MenuItem
              key={view.id}
              onClick={() => {
                close();
                apply(view);
              }}
              sx={{ gap: 1 }}
            >
              <ListItemText
                primary={view.name}
                slotProps={{ primary: { noWrap: true, title: view.name } }}
                sx={{ minWidth: 0 }}
              />
              <IconButton
                edge="end"
                size="small"
                aria-label={translate('app.saved_views.delete', { name: view.name })}
                onClick={(event) => forget(event, view)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </MenuItem>
          )),
          <Divider key="divider" />,
          <MenuItem
            key="save"
            onClick={() => {
              close();
              setSaving(true);
            }}
          >
            <ListItemIcon>
              <SaveIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.saved_views.save')}</ListItemText>
          </MenuItem>,
        ]}
      </ToolbarMenu>
      {asked && (
        <SaveViewDialog
          open={saving}
          state={state}
          onClose={() => setSaving(false)}
          onSaved={() => {
            setSaving(false);
            void refetch();
          }}
        />
      )}
    </>
  );
}
