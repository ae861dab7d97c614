import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { getEntitySchema } from '../../schema/registry';
import { mayViewDashboard } from '../../shared/dashboard';
import type { PortalPermissions } from '../data/authProvider';
import { useMerchantName } from '../layout/useMerchantName';
import { portalResources } from '../resources';
import { canOpen } from '../resources/access';
import { menuGroups } from '../resources/menuEntries';
import { screenPath } from '../resources/screenPaths';
import { useDashboard } from './dashboard/dashboardApi';
import { LatestTransactions } from './dashboard/LatestTransactions';
import { PaymentsChart } from './dashboard/PaymentsChart';
import { QuickLinks } from './dashboard/QuickLinks';
import { TotalCard } from './dashboard/TotalCard';

const transaction = getEntitySchema('transaction');

/**
 * Dashboard (`/`, `/home/dashboard`; SPEC §1: latest transactions, monthly and weekly totals): this
 * week's and this month's successful payments, a bar chart of the last 7 days or 6 months, the
 * latest transactions, and quick links to every screen the user may open. A user without the
 * `dashboard` permission sees the quick links only, and nothing asks the API for the figures.
 */
export default function Dashboard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  const merchantName = useMerchantName();
  const allowed = !!permissions && mayViewDashboard(permissions);
  const { dashboard, error } = useDashboard(allowed);
  const groups = useMemo(() => menuGroups(portalResources, permissions), [permissions]);
  const reports = canOpen(transaction, permissions);
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={translate('app.dashboard.title')} />
      {merchantName && (
        <Typography variant="h2" component="p">
          {translate('app.dashboard.welcome', { name: merchantName })}
        </Typography>
      )}
      {allowed && error && (
        <Alert severity="error" role="alert">
          {error.message || translate('app.dashboard.load_failed')}
        </Alert>
      )}
      {allowed && !error && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <TotalCard title={translate('app.dashboard.this_week')} total={dashboard?.week} />
            <TotalCard title={translate('app.dashboard.this_month')} total={dashboard?.month} />
          </Box>
          <PaymentsChart daily={dashboard?.daily} monthly={dashboard?.monthly} />
          <LatestTransactions
            transactions={dashboard?.latest}
            showPath={reports ? (id) => screenPath(transaction, 'show', id) : undefined}
            listPath={reports ? screenPath(transaction, 'list') : undefined}
          />
        </>
      )}
      <QuickLinks groups={groups} />
    </Box>
  );
}
