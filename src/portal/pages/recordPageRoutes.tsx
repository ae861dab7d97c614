import type { ComponentType, ReactElement } from 'react';
import { Route } from 'react-router';
import { getEntitySchema } from '../../schema/registry';
import { operationGate } from '../../schema/access';
import { lazyWithReload } from '../data/chunkReload';
import { withScreenFallback } from '../resources/withScreenFallback';
import { OwnGate } from './own/OwnGate';
import { RECORD_PAGES } from './pagePaths';

/** The screen of each record page, loaded on demand. */
const SCREENS: Record<string, ComponentType> = {
  '/money-trail/:entity/:id': withScreenFallback(lazyWithReload(() => import('./moneyTrail/MoneyTrailPage'))),
};

/** The `<Route>`s of `RECORD_PAGES`, each behind the gate of viewing its entity's records. */
export function recordPageRoutes(): ReactElement[] {
  return RECORD_PAGES.map(({ path, entity }) => {
    const Screen = SCREENS[path];
    return (
      <Route
        key={path}
        path={path}
        element={
          <OwnGate entity={operationGate(getEntitySchema(entity), 'show')}>
            <Screen />
          </OwnGate>
        }
      />
    );
  });
}
