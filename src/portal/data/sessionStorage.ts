/**
 * Where the session persists its slices. The browser's `localStorage` in the portal; any other
 * store (an async one, a slow one in a test) can stand in through this small interface.
 */
export interface PersistStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
  /** Every stored key, so that sign-out can remove stale `persist:` keys of older releases too. */
  keys(): string[] | Promise<string[]>;
}

/** Adapts a Web Storage object (`localStorage`) to `PersistStorage`. */
export function webStorage(storage: Storage): PersistStorage {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    keys: () => Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key) => key !== null),
  };
}

/** A storage held in a Map: the fallback where `localStorage` is missing or refused (private modes). */
export function memoryStorage(entries: Iterable<[string, string]> = []): PersistStorage & { map: Map<string, string> } {
  const map = new Map(entries);
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

/** `localStorage` when the page may use it, otherwise a memory store for this page's lifetime. */
export function defaultStorage(): PersistStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage) return webStorage(storage);
  } catch {
    // Reading `localStorage` throws when the browser forbids storage for this site.
  }
  return memoryStorage();
}
