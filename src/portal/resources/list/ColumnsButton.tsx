import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslate } from 'react-admin';
import { fieldLabelKey } from '../../../schema/labels';
import { shownColumns, useChosenColumns } from './chosenColumns';
import { ToolbarMenu } from './ToolbarMenu';

/**
 * The list's "Columns" button: a menu of the list's columns (`x-list.columns`, or the view's),
 * each with a tick, to show or hide it. The choice is the list's own (`useChosenColumns`), kept
 * when the user comes back, and saved with a view; at least one column stays shown.
 */
export function ColumnsButton({
  resource,
  columns,
  storeKey,
}: {
  resource: string;
  columns: readonly string[];
  storeKey: string;
}) {
  const translate = useTranslate();
  const [chosen, setChosen] = useChosenColumns(storeKey);
  const shown = shownColumns(columns, chosen);
  const toggle = (name: string) => {
    const next = shown.includes(name) ? shown.filter((column) => column !== name) : [...shown, name];
    if (next.length === 0) return;
    setChosen(next.length === columns.length ? null : columns.filter((column) => next.includes(column)));
  };
  return (
    <ToolbarMenu label="app.list.columns" icon={<ViewColumnIcon />} menuLabel="app.list.columns_menu" dense>
      {() =>
        columns.map((name) => {
          const checked = shown.includes(name);
          return (
            <MenuItem
              key={name}
              role="menuitemcheckbox"
              aria-checked={checked}
              disabled={checked && shown.length === 1}
              onClick={() => toggle(name)}
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple sx={{ py: 0 }} />
              </ListItemIcon>
              <ListItemText>{translate(fieldLabelKey(resource, name), { _: name })}</ListItemText>
            </MenuItem>
          );
        })
      }
    </ToolbarMenu>
  );
}
