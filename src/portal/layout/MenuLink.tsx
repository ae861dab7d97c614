import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The classes the menu's one style (`menuStyles`) gives its entries. */
export const MENU_CLASSES = {
  item: 'bw-menu-item',
  icon: 'bw-menu-icon',
  label: 'bw-menu-label',
  active: 'bw-menu-active',
  group: 'bw-menu-group',
} as const;

export interface MenuLinkProps {
  to: string;
  label: string;
  /** Whether the address is this entry's screen or below it: the entry is marked as the current page. */
  current: boolean;
  icon: ReactNode;
  /** Folded to icons: the label shows as a tooltip, on the content's side. */
  folded: boolean;
  placement: 'left' | 'right';
  /** Called when the entry is followed (the phone's drawer closes). */
  onFollow?: () => void;
}

/**
 * One entry of the menu: a link (`menuitem`) to a screen, with its icon and label, marked as the
 * current page when the menu says so.
 * A plain element under the menu's one style, not a component tree of its own: the menu has
 * dozens of them and draws them on every first visit.
 */
export function MenuLink({ to, label, current, icon, folded, placement, onFollow }: MenuLinkProps) {
  const link = (
    <Link
      to={to}
      role="menuitem"
      // The menu's arrow keys move between entries that say they take focus.
      tabIndex={0}
      className={current ? `${MENU_CLASSES.item} ${MENU_CLASSES.active}` : MENU_CLASSES.item}
      aria-current={current ? 'page' : undefined}
      onClick={onFollow}
    >
      <span className={MENU_CLASSES.icon}>{icon}</span>
      <span className={MENU_CLASSES.label}>{label}</span>
    </Link>
  );
  return folded ? (
    <Tooltip title={label} placement={placement}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
