import AccountCircle from '@mui/icons-material/AccountCircle';
import Menu from '@mui/material/Menu';
import { useCallback, useMemo, useState } from 'react';
import { useGetIdentity, UserMenuContextProvider, useTranslate } from 'react-admin';
import { SecurityMenuItem } from '../auth/security/SecurityMenuItem';
import { useOpenedOnce } from '../resources/list/useOpenedOnce';
import { BAR_CLASS } from './appBarStyles';
import { SignOutMenuItem } from './SignOutMenuItem';

const MENU_ID = 'account-menu';

/**
 * The app bar's account button, the user's name beside its icon (the icon alone on a phone), and
 * its menu: "Security" and "Sign out". The button's accessible name starts with the name it shows
 * (WCAG 2.5.3, label in name). The menu is made when first opened, as most visits never open it.
 */
export function AccountMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpenedOnce(anchor !== null);
  const onClose = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose }), [onClose]);
  const name = identity?.fullName;
  const label = name ? translate('app.account.menu', { name }) : translate('ra.auth.user_menu');
  return (
    <>
      <button
        type="button"
        className={`${BAR_CLASS}-text`}
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? MENU_ID : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
        {name && (
          <span className={`${BAR_CLASS}-label`} dir="auto">
            {name}
          </span>
        )}
      </button>
      {opened && (
        <UserMenuContextProvider value={context}>
          <Menu
            id={MENU_ID}
            anchorEl={anchor}
            open={anchor !== null}
            onClose={onClose}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ list: { 'aria-label': label } }}
          >
            <SecurityMenuItem />
            <SignOutMenuItem />
          </Menu>
        </UserMenuContextProvider>
      )}
    </>
  );
}
