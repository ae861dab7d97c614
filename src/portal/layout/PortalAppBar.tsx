import Box from '@mui/material/Box';
import { TitlePortal, useTranslate } from 'react-admin';
import { AccountMenu } from './AccountMenu';
import { AdminLanguageSwitch } from './AdminLanguageSwitch';
import { appBarStyles, BAR_CLASS } from './appBarStyles';
import { MenuToggle } from './MenuToggle';
import { GlobalSearch } from './search/GlobalSearch';
import { useMerchantName } from './useMerchantName';

/**
 * The menu's toggle, "Bawaba" and the merchant's brand, the current screen's title (the page's one
 * heading of level 1), the search, the language switch and the account menu. On phones the brand
 * gives way to the screen title. Plain elements under the bar's one style (`appBarStyles`), where
 * react-admin's bar would be a styled component, a tooltip and a media query for each button.
 */
export function PortalAppBar() {
  const translate = useTranslate();
  const merchantName = useMerchantName();
  return (
    <Box component="header" className={BAR_CLASS} sx={appBarStyles}>
      <MenuToggle />
      <div className={`${BAR_CLASS}-brand`}>
        <p className={`${BAR_CLASS}-name`}>{translate('app.name')}</p>
        {merchantName && (
          <p className={`${BAR_CLASS}-merchant`} dir="auto">
            {merchantName}
          </p>
        )}
      </div>
      <TitlePortal
        component="h1"
        variant="h6"
        // The title's own wrapper is an inline block, which would not end in an ellipsis: inline, a
        // long title (an employee's full name on a phone) is cut with "…" at the bar's edge.
        sx={{ fontSize: { xs: '1.05rem', sm: '1.1rem' }, '& .RaConfigurable-root': { display: 'inline' } }}
      />
      <GlobalSearch />
      <AdminLanguageSwitch />
      <AccountMenu />
    </Box>
  );
}
