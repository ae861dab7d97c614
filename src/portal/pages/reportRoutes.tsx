import type { ComponentType, ReactElement } from 'react';
import { Route } from 'react-router';
import { getEntitySchema } from '../../schema/registry';
import { lazyWithReload } from '../data/chunkReload';
import { withScreenFallback } from '../resources/withScreenFallback';
import { OwnGate } from './own/OwnGate';
import { REPORT_PAGES } from './pagePaths';

/** The screen of each report page, loaded on demand. */
const SCREENS: Record<string, ComponentType> = {
  '/asset/report': withScreenFallback(lazyWithReload(() => import('./AssetReport'))),
  '/transaction-enquiry': withScreenFallback(lazyWithReload(() => import('./TransactionEnquiry'))),
  '/report/dynamic-commission': withScreenFallback(lazyWithReload(() => import('./DynamicCommissionReport'))),
  '/report/merchant-statement': withScreenFallback(lazyWithReload(() => import('./statement/MerchantStatement'))),
  '/report/merchant-usage': withScreenFallback(lazyWithReload(() => import('./MerchantUsageReport'))),
  '/sales/stock-listing': withScreenFallback(lazyWithReload(() => import('./stock/StockListing'))),
  '/invoice/collections': withScreenFallback(lazyWithReload(() => import('./collections/Collections'))),
};

/** The `<Route>`s of `REPORT_PAGES`, each behind its entity's gate. */
export function reportRoutes(): ReactElement[] {
  return REPORT_PAGES.map(({ path, entity }) => {
    const Screen = SCREENS[path];
    return (
      <Route
        key={path}
        path={path}
        element={
          <OwnGate entity={getEntitySchema(entity)}>
            <Screen />
          </OwnGate>
        }
      />
    );
  });
}
