import { useSyncExternalStore, type MouseEvent } from 'react';

/**
 * The shell's view of the address bar. The pages seen before sign-in route themselves with these
 * few functions instead of react-router, so that the router (a large library, shared with
 * react-admin) downloads with the back office, after sign-in. The back office runs react-router's
 * `BrowserRouter` over the same history and reports its moves with `locationChanged`.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** History entries in react-router's shape, so the back office reads the same `state`. */
interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const currentEntry = (): Partial<HistoryEntry> | null => window.history.state as Partial<HistoryEntry> | null;

export interface NavigateOptions {
  replace?: boolean;
  /** Read back with `useNavigationState` (react-router's `location.state`). */
  state?: unknown;
}

/** Goes to `to` (a path with an optional query) without reloading the page. */
export function navigate(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  const index = (currentEntry()?.idx ?? 0) + (replace ? 0 : 1);
  const entry: HistoryEntry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: index };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
  notify();
}

/** Tells the shell that the back office's router moved (react-router does not fire `popstate`). */
export const locationChanged: () => void = notify;

/** The current path; re-renders on every move. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** The current query string ("?email=…"). */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search);
}

/** The state the page that navigated here passed along, if any. */
export function useNavigationState<T>(): T | null {
  const entry = useSyncExternalStore(subscribe, currentEntry);
  return (entry?.usr as T | undefined) ?? null;
}

/**
 * Click handler of an in-portal link (`<a href={to}>`): follows it without a reload, unless the
 * user asked for a new tab or window.
 */
export function followLink(to: string) {
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
}
