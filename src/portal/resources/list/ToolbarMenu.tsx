import Menu from '@mui/material/Menu';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ToolbarButton } from './ToolbarButton';
import { useOpenedOnce } from './useOpenedOnce';

/**
 * A button of a list's toolbar that opens a menu anchored to it (the Views and Columns menus): the
 * button says it opens a menu and whether it is open, and the menu is named (`menuLabel`, a
 * message key) for assistive technology. `children` gets the function that closes the menu. The
 * menu is made when it first opens (then kept, so that it closes with its animation): a list shows
 * two such buttons, which most visits never open.
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
  const opened = useOpenedOnce(anchor !== null);
  const close = () => setAnchor(null);
  return (
    <>
      <ToolbarButton
        label={label}
        icon={icon}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? id : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      />
      {opened && (
        <Menu
          id={id}
          anchorEl={anchor}
          open={anchor !== null}
          onClose={close}
          slotProps={{ list: { 'aria-label': translate(menuLabel), dense }, paper: { sx: paperSx } }}
        >
          {children(close)}
        </Menu>
      )}
    </>
  );
}
