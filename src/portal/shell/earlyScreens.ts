import { mayViewDashboard } from '../../shared/dashboard';
import { firstScreenOf } from '../../shared/firstScreen';
import { session as sharedSession, type SessionStore } from '../data/session';
import { prefetchDashboard } from '../pages/dashboard/dashboardApi';

/**
 * A signed-in visit to a back-office address will show the back office, so its code starts to
 * download while the catalogues load, rather than after the first render asks for it: with it the
 * screen's own code (a list, a record page; on the dashboard's addresses the dashboard's chunk and
 * figures too), which the back office would otherwise ask for only once it has rendered. The lazy
 * screens import the very same modules, which then resolve at once. A failed download here is
 * ignored: the screen's own load fails the same way and recovers as it always does (`lazyWithReload`).
 */
export function startLoadingScreens(pathname: string, search = '', session: SessionStore = sharedSession): void {
  const account = session.get('account');
  const screen = firstScreenOf(pathname);
  if (!account.access_token || !screen) return;
  // With its code come the screen's first calls, asked while the back office renders (`earlyData`).
  void import('../BackOffice').then((backOffice) => backOffice.prefetchFor(pathname, search)).catch(() => undefined);
  if (screen === 'list') void import('../resources/ResourceList').catch(() => undefined);
  if (screen === 'record') void import('../resources/ResourceShow').catch(() => undefined);
  if (screen !== 'dashboard') return;
  void import('../pages/Dashboard').catch(() => undefined);
  if (mayViewDashboard({ role: account.user_details?.role ?? null, permissions: account.permissions }))
    prefetchDashboard();
}
