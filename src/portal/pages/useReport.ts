import { useEffect, useState } from 'react';
import { http } from '../shell/providers';

/** What a report page has of its answer while it asks for it. */
export interface LoadedReport<T> {
  /** The latest answer; the one before stays here while the next loads. */
  report?: T;
  /** Why the latest ask failed, in the user's language (the HTTP client's message). */
  error?: string;
  /** True until the answer to the current query (or its refusal) is in. */
  loading: boolean;
}

/**
 * The report at `path` for `query` (`GET /v1{path}?{query}`), asked again whenever the query's
 * values change. An ask the next one supersedes is cancelled, so a late answer never covers a
 * newer one, and the last answer stays shown while the next loads.
 */
export function useReport<T>(path: string, query: Record<string, string>): LoadedReport<T> {
  // The query is a new object on every render: the effect follows its values, read back from here.
  const key = JSON.stringify([path, query]);
  const [state, setState] = useState<{ key?: string; report?: T; error?: string }>({});
  useEffect(() => {
    const [asked, values] = JSON.parse(key) as [string, Record<string, string>];
    const controller = new AbortController();
    http
      .get<T>(asked, values, { signal: controller.signal })
      .then((report) => setState({ key, report }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [key]);
  return { report: state.report, error: state.key === key ? state.error : undefined, loading: state.key !== key };
}
