import Menu from '@mui/material/Menu';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Button, useTranslate } from 'react-admin';

/**
 * A button of a list's toolbar that opens a menu anchored to it (the Views and Columns menus): the
 * button says it opens a menu and whether it is open, and the menu is named (`menuLabel`, a
 * message key) for assistive technology. `children` gets the function that closes the menu.
 */
export function ToolbarMenu({
  label,
  icon,
  menuLabel,
  dense = false,
  paperSx,
  children,
}: {
  /** The button's message key. */
  label: string;
  icon: ReactElement;
  menuLabel: string;
  dense?: boolean;
  paperSx?: SxProps<Theme>;
  children: (close: () => void) => ReactNode;
}) {
  const translate = useTranslate();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        label={label}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? id : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {icon}
      </Button>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': translate(menuLabel), dense }, paper: { sx: paperSx } }}
      >
        {children(close)}
      </Menu>
    </>
  );
}
