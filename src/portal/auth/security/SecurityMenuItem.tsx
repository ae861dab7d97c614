import Security from '@mui/icons-material/Security';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { forwardRef } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { ACCOUNT_PAGES } from '../../pages/ownPaths';

/** "Security" in the user menu: the account's password and two-factor (`SecurityPage`). */
export const SecurityMenuItem = forwardRef<HTMLAnchorElement>(function SecurityMenuItem(props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} component={Link} to={ACCOUNT_PAGES.security} {...props} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <Security fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.security.title')}</ListItemText>
    </MenuItem>
  );
});
