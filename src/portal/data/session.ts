import { useSyncExternalStore } from 'react';
import type { AccountState, SessionState, SliceName } from './sessionSlices';
import { PERSIST_PREFIX, SLICE_NAMES, TRANSIENT_FIELDS, initialSession, storageKey } from './sessionSlices';
import type { PersistStorage } from './sessionStorage';
import { defaultStorage } from './sessionStorage';

export type { SessionState, SliceName } from './sessionSlices';

/** SPEC §2: persisted state is restored before the interface appears, giving up after 5000 ms. */
export const RESTORE_TIMEOUT_MS = 5000;

export type SessionListener = (slice: SliceName) => void;

export interface RestoreOptions {
  timeoutMs?: number;
}

/** The client's session: slices of state, persisted under `persist:<slice>` (SPEC §3). */
export interface SessionStore {
  get<S extends SliceName>(slice: S): SessionState[S];
  set<S extends SliceName>(slice: S, partial: Partial<SessionState[S]>): void;
  /** Restores one slice's initial state. */
  reset(slice: SliceName): void;
  /** Restores every slice and removes every `persist:` key from storage (sign-out). */
  resetAll(): void;
  /** Calls `listener` with the slice's name after each change; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void;
  /** Reads the persisted slices; resolves after `timeoutMs` at the latest, keeping the defaults. */
  restore(options?: RestoreOptions): Promise<void>;
}

function persistedPart<S extends SliceName>(slice: S, value: SessionState[S]): Partial<SessionState[S]> {
  const transient = (TRANSIENT_FIELDS[slice] ?? []) as readonly PropertyKey[];
  return Object.fromEntries(Object.entries(value).filter(([key]) => !transient.includes(key))) as Partial<
    SessionState[S]
  >;
}

function memoryOnlyPart<S extends SliceName>(slice: S, value: SessionState[S]): Partial<SessionState[S]> {
  const transient = (TRANSIENT_FIELDS[slice] ?? []) as readonly PropertyKey[];
  return Object.fromEntries(Object.entries(value).filter(([key]) => transient.includes(key))) as Partial<
    SessionState[S]
  >;
}

/** Keeps only the fields this release knows and persists, so stale or foreign data never leaks in. */
function mergeStored<S extends SliceName>(slice: S, current: SessionState[S], text: string | null): SessionState[S] {
  if (!text) return current;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return current;
  }
  if (!stored || typeof stored !== 'object') return current;
  const allowed = persistedPart(slice, current);
  const known = Object.entries(stored).filter(([key]) => Object.hasOwn(allowed, key));
  return { ...current, ...Object.fromEntries(known) };
}

const noop = () => undefined;

export interface SessionOptions {
  /** Where other tabs announce their writes (`window`, whose `storage` events say so); none by default. */
  tabs?: Pick<EventTarget, 'addEventListener'> | null;
}

/**
 * Creates a session store over `storage` (default: `localStorage`, else memory). The portal uses
 * the shared `session` below; tests create their own.
 */
export function createSession(storage: PersistStorage = defaultStorage(), options: SessionOptions = {}): SessionStore {
  let state = initialSession();
  const listeners = new Set<SessionListener>();

  const notify = (slice: SliceName) => listeners.forEach((listener) => listener(slice));

  // Another tab wrote a slice: follow it. Refresh tokens rotate, so without this a token renewed
  // there would leave this tab's copy invalid; a sign-out there signs this tab out too. The
  // memory-only fields stay, unless the slice was removed or another merchant signed in.
  options.tabs?.addEventListener('storage', (event) => {
    const { key, newValue } = event as StorageEvent;
    const slice = SLICE_NAMES.find((name) => storageKey(name) === key);
    if (!slice) return;
    const next = mergeStored(slice, initialSession()[slice], newValue);
    const sameAccount = slice !== 'account' || (next as AccountState).access_code === state.account.access_code;
    const memoryOnly = newValue !== null && sameAccount ? memoryOnlyPart(slice, state[slice]) : {};
    state = { ...state, [slice]: { ...next, ...memoryOnly } };
    notify(slice);
  });

  // Storage operations run in order even when the storage is asynchronous (a removal must not
  // overtake the write that follows it); a full or refused storage never breaks the page, the
  // state stays correct in memory.
  let pending: Promise<void> | null = null;
  const run = (operation: () => unknown): void => {
    const track = (promise: Promise<void>) => {
      pending = promise;
      void promise.then(() => {
        if (pending === promise) pending = null;
      });
    };
    if (pending) return track(pending.then(operation).then(noop, noop));
    try {
      const result = operation();
      if (result instanceof Promise) track(result.then(noop, noop));
    } catch {
      // See above: storage failures are not the user's problem.
    }
  };

  const write = (slice: SliceName) => {
    const text = JSON.stringify(persistedPart(slice, state[slice]));
    run(() => storage.setItem(storageKey(slice), text));
  };

  const removeAllPersisted = (keys: string[]) => {
    const results = keys.filter((key) => key.startsWith(PERSIST_PREFIX)).map((key) => storage.removeItem(key));
    return results.some((result) => result instanceof Promise) ? Promise.all(results) : undefined;
  };

  const store: SessionStore = {
    get: (slice) => state[slice],

    set(slice, partial) {
      state = { ...state, [slice]: { ...state[slice], ...partial } };
      write(slice);
      notify(slice);
    },

    reset(slice) {
      state = { ...state, [slice]: initialSession()[slice] };
      run(() => storage.removeItem(storageKey(slice)));
      notify(slice);
    },

    resetAll() {
      state = initialSession();
      run(() => {
        const keys = storage.keys();
        return keys instanceof Promise ? keys.then(removeAllPersisted) : removeAllPersisted(keys);
      });
      SLICE_NAMES.forEach(notify);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async restore({ timeoutMs = RESTORE_TIMEOUT_MS } = {}) {
      let gaveUp = false;
      const read = Promise.all(
        SLICE_NAMES.map(async (slice) => {
          const text = await storage.getItem(storageKey(slice));
          // After giving up the interface already runs on defaults; a late answer must not move it.
          if (gaveUp) return;
          state = { ...state, [slice]: mergeStored(slice, state[slice], text) };
          notify(slice);
        }),
      ).catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          gaveUp = true;
          resolve();
        }, timeoutMs);
      });
      await Promise.race([read, timeout]);
      clearTimeout(timer);
    },
  };
  return store;
}

/** The portal's session. */
export const session: SessionStore = createSession(defaultStorage(), { tabs: globalThis.window ?? null });

/**
 * Restores the persisted session before the interface shows. Never rejects: after `timeoutMs`
 * (5000 ms) or on a storage failure the portal starts from the initial state.
 */
export function restoreSession(options: RestoreOptions & { store?: SessionStore } = {}): Promise<void> {
  return (options.store ?? session).restore(options);
}

/**
 * Signs out on this device: every slice reset and every `persist:` key removed. The language is a
 * choice of the person at the device, not of the account, so it is kept.
 */
export function endSession(store: SessionStore = session): void {
  const { language } = store.get('global');
  store.resetAll();
  store.set('global', { language });
}

/** Re-renders the component whenever the slice changes. */
export function useSessionSlice<S extends SliceName>(name: S, store: SessionStore = session): SessionState[S] {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(name),
    () => store.get(name),
  );
}
