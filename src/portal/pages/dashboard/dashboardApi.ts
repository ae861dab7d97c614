import { createContext, useContext, useEffect, useState } from 'react';
import type { Transaction } from '../../../generated';
import type { DashboardSummary } from '../../../shared/dashboard';
import type { HttpClient } from '../../data/httpClient';
import { http } from '../../shell/providers';

/**
 * `GET /dashboard`. The figures are not records react-admin's data provider knows, so the page uses
 * the portal's HTTP client directly; tests give theirs through `DashboardApiContext`.
 */

export type Dashboard = DashboardSummary<Transaction & { id: number }>;

export const DASHBOARD_PATH = '/dashboard';

export const DashboardApiContext = createContext<HttpClient>(http);

export interface DashboardState {
  dashboard?: Dashboard;
  /** The API's refusal (in the user's language) or the network's. */
  error?: Error;
}

/** Loads the dashboard once per visit; `enabled: false` (a user who may not see it) asks nothing. */
export function useDashboard(enabled: boolean): DashboardState {
  const api = useContext(DashboardApiContext);
  const [state, setState] = useState<DashboardState>({});
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    api.get<Dashboard>(DASHBOARD_PATH, undefined, { signal: controller.signal }).then(
      (dashboard) => setState({ dashboard }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [api, enabled]);
  return state;
}
