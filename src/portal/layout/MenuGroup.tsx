import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Tooltip from '@mui/material/Tooltip';
import type { KeyboardEvent, ReactNode } from 'react';
import { MENU_CLASSES } from './MenuLink';

export interface MenuGroupProps {
  /** Id of the entries' container, named by the header's `aria-controls`. */
  id: string;
  label: string;
  icon: ReactNode;
  open: boolean;
  onToggle: () => void;
  /** Folded to icons: the header's name shows as a tooltip and the entries are not indented. */
  folded: boolean;
  placement: 'left' | 'right';
  children: ReactNode;
}

/**
 * A collapsible group of menu entries: a header that opens and closes it (for the mouse, Enter and
 * Space, with `aria-expanded`), the entries indented beneath it. With the sidebar folded to icons,
 * the header's name shows as a tooltip on the content's side, in either direction.
 */
export function MenuGroup({ id, label, icon, open, onToggle, folded, placement, children }: MenuGroupProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onToggle();
  };
  const header = (
    <div
      role="menuitem"
      tabIndex={0}
      className={`${MENU_CLASSES.item} ${MENU_CLASSES.group}`}
      onClick={onToggle}
      onKeyDown={onKeyDown}
      aria-expanded={open}
      aria-controls={id}
    >
      <span className={MENU_CLASSES.icon}>{icon}</span>
      <span className={MENU_CLASSES.label}>{label}</span>
      {!folded && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
    </div>
  );
  return (
    <>
      {folded ? (
        <Tooltip title={label} placement={placement}>
          {header}
        </Tooltip>
      ) : (
        header
      )}
      {open && (
        <div id={id} role="group" aria-label={label}>
          {children}
        </div>
      )}
    </>
  );
}
