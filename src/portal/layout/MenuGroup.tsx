import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useSidebarState } from 'react-admin';

export interface MenuGroupProps {
  /** Id of the entries' container, named by the header's `aria-controls`. */
  id: string;
  label: string;
  icon: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/**
 * A collapsible group of menu entries: a header that opens and closes it (a button for the mouse,
 * Enter and Space, with `aria-expanded`), the entries indented beneath it. With the sidebar folded
 * to icons, the header's name shows as a tooltip (on the content's side, in either direction) and
 * the entries are not indented.
 */
export function MenuGroup({ id, label, icon, open, onToggle, children }: MenuGroupProps) {
  const [sidebarOpen] = useSidebarState();
  const theme = useTheme();
  const header = (
    <MenuItem
      tabIndex={0}
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={id}
      sx={{ color: 'text.secondary', fontWeight: 500 }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <Typography variant="inherit" sx={{ flexGrow: 1, whiteSpace: 'normal' }}>
        {label}
      </Typography>
      {sidebarOpen && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
    </MenuItem>
  );
  return (
    <>
      {sidebarOpen ? (
        header
      ) : (
        <Tooltip title={label} placement={theme.direction === 'rtl' ? 'left' : 'right'}>
          {header}
        </Tooltip>
      )}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List
          id={id}
          role="group"
          aria-label={label}
          component="div"
          dense
          disablePadding
          sx={{ '& .RaMenuItemLink-root': { pl: sidebarOpen ? 4 : 2 } }}
        >
          {children}
        </List>
      </Collapse>
    </>
  );
}
