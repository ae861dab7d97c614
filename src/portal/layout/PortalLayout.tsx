import { memo, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { InactivityGuard } from '../auth/InactivityGuard';
import { ComplianceBanner } from './ComplianceBanner';
import { DocumentTitle } from './DocumentTitle';
import { LocaleBridge } from './LocaleBridge';
import { PortalAppBar } from './PortalAppBar';
import { PortalMenu } from './PortalMenu';

/*
 * The frame's parts take nothing from the screen inside it: memoised, they render again when what
 * they read themselves changes (the address, the language, the session), not with every update of
 * the screen, such as a list's rows arriving.
 */
const AppBar = memo(PortalAppBar);
const Menu = memo(PortalMenu);
const Watchers = memo(function Watchers() {
  return (
    <>
      <LocaleBridge />
      <DocumentTitle />
      <InactivityGuard />
      <ComplianceBanner />
    </>
  );
});

/**
 * react-admin's layout with the portal's app bar (always shown: the language switch and sign-out
 * stay within reach on long forms) and menu, the browser tab's title, the session-timeout watch, and
 * the warning about compliance documents that are invalid or expiring.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      appBar={AppBar}
      menu={Menu}
      appBarAlwaysOn
      // The content may shrink below its widest table, which then scrolls in its card: the page never
      // scrolls sideways (in Arabic that would push the menu off screen).
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      <Watchers />
      {children}
    </Layout>
  );
}
