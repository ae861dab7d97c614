import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppBar, TitlePortal, UserMenu, useGetIdentity, useTranslate, type AppBarProps } from 'react-admin';
import { AdminLanguageSwitch } from './AdminLanguageSwitch';
import { GlobalSearch } from './search/GlobalSearch';
import { SecurityMenuItem } from '../auth/security/SecurityMenuItem';
import { SignOutMenuItem } from './SignOutMenuItem';
import { useMerchantName } from './useMerchantName';

/**
 * "Bawaba" and the merchant's brand, the current screen's title (the page's one heading of level
 * 1), the language switch and the user menu. On phones the brand gives way to the screen title.
 */
export function PortalAppBar(props: AppBarProps) {
  const translate = useTranslate();
  const merchantName = useMerchantName();
  const { identity } = useGetIdentity();
  // The button shows the user's name: its accessible name starts with it (WCAG 2.5.3, label in name).
  const menuLabel = identity?.fullName
    ? translate('app.account.menu', { name: identity.fullName })
    : 'ra.auth.user_menu';
  return (
    <AppBar
      {...props}
      color="primary"
      toolbar={<AdminLanguageSwitch />}
      userMenu={
        <UserMenu label={menuLabel}>
          <SecurityMenuItem />
          <SignOutMenuItem />
        </UserMenu>
      }
    >
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'baseline', gap: 1, mr: 3, minWidth: 0 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {translate('app.name')}
        </Typography>
        {merchantName && (
          <Typography component="p" variant="body2" noWrap dir="auto" sx={{ opacity: 0.9, maxWidth: 220 }}>
            {merchantName}
          </Typography>
        )}
      </Box>
      <TitlePortal
        component="h1"
        variant="h6"
        // The title's own wrapper is an inline block, which would not end in an ellipsis: inline, a
        // long title (an employee's full name on a phone) is cut with "…" at the bar's edge.
        sx={{ fontSize: { xs: '1.05rem', sm: '1.1rem' }, '& .RaConfigurable-root': { display: 'inline' } }}
      />
      <GlobalSearch />
    </AppBar>
  );
}
