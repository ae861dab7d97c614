import { createContext, useContext, useEffect, useState } from 'react';
import type { DashboardSummary } from '../../../shared/dashboard';
import type { HttpClient } from '../../data/httpClient';
import { http } from '../../shell/providers';

/**
 * `GET /dashboard`. The figures are not records react-admin's data provider knows, so the page uses
 * the portal's HTTP client directly; tests give theirs through `DashboardApiContext`.
 */

export type Dashboard = DashboardSummary;

export const DASHBOARD_PATH = '/dashboard';

export const DashboardApiContext = createContext<HttpClient>(http);

export interface DashboardState {
  dashboard?: Dashboard;
  /** The API's refusal (in the user's language) or the network's. */
  error?: Error;
}

/** The figures asked for before the screen was drawn (see `prefetchDashboard`), not yet taken. */
let early: { client: HttpClient; request: Promise<Dashboard> } | undefined;

/**
 * Starts `GET /dashboard` ahead of the screen, for a signed-in visit that opens on the dashboard:
 * the request then runs while the back office's code downloads. The screen's first load takes it.
 */
export function prefetchDashboard(client: HttpClient = http): void {
  const request = client.get<Dashboard>(DASHBOARD_PATH);
  request.catch(() => undefined);
  early = { client, request };
}

function takeEarly(client: HttpClient): Promise<Dashboard> | undefined {
  const taken = early?.client === client ? early.request : undefined;
  early = undefined;
  return taken;
}

/** Loads the dashboard once per visit; `enabled: false` (a user who may not see it) asks nothing. */
export function useDashboard(enabled: boolean): DashboardState {
  const api = useContext(DashboardApiContext);
  const [state, setState] = useState<DashboardState>({});
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    const request = takeEarly(api) ?? api.get<Dashboard>(DASHBOARD_PATH, undefined, { signal: controller.signal });
    request.then(
      (dashboard) => {
        if (!controller.signal.aborted) setState({ dashboard });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [api, enabled]);
  return state;
}
