import ExitToApp from '@mui/icons-material/ExitToApp';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { forwardRef } from 'react';
import { useLogout, useTranslate, useUserMenu } from 'react-admin';

/** "Sign out" in the user menu: the auth provider forgets every persisted slice and opens `/merchant`. */
export const SignOutMenuItem = forwardRef<HTMLLIElement>(function SignOutMenuItem(props, ref) {
  const logout = useLogout();
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      {...props}
      onClick={() => {
        userMenu?.onClose();
        void logout();
      }}
    >
      <ListItemIcon>
        <ExitToApp fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.auth.sign_out')}</ListItemText>
    </MenuItem>
  );
});
