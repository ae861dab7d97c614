import type { ComponentProps, ComponentType, FunctionComponent } from 'react';
import { createElement, lazy } from 'react';

/**
 * Screens load on demand (SPEC §2). After a release the old chunk files are gone, so a tab opened
 * before it fails to load a screen: clearing the caches and reloading once fetches the new build.
 * A flag in localStorage remembers that reload so a screen that is really broken surfaces its error
 * instead of reloading for ever; a screen that loads clears it.
 */

/** SPEC §9: screen chunk load time-out. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const RELOAD_FLAG = 'bawaba:chunk-reloaded';

export interface ChunkReloadEnv {
  /** Default `localStorage`; without a storage the flag cannot be kept, so nothing is reloaded. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload?: () => void;
  clearCaches?: () => Promise<void>;
  timeoutMs?: number;
}

/** Deletes every Cache Storage cache (service-worker caches holding the old build). */
export async function clearCaches(): Promise<void> {
  const cacheStorage = globalThis.caches;
  if (!cacheStorage) return;
  const names = await cacheStorage.keys();
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
}

function defaultStorage(): ChunkReloadEnv['storage'] {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Screen did not load within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs `factory` (a dynamic import); on failure clears caches and reloads the page once, and on
 * a failure after that reload rethrows the error for the error boundary to show.
 */
export async function loadWithReload<T>(factory: () => Promise<T>, env: ChunkReloadEnv = {}): Promise<T> {
  const storage = env.storage === undefined ? defaultStorage() : env.storage;
  try {
    const module = await withTimeout(factory(), env.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS);
    storage?.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    if (!storage || storage.getItem(RELOAD_FLAG)) throw error;
    try {
      storage.setItem(RELOAD_FLAG, String(Date.now()));
    } catch {
      throw error; // cannot remember the reload, so do not risk a reload loop
    }
    await (env.clearCaches ?? clearCaches)().catch(() => undefined);
    (env.reload ?? (() => globalThis.location.reload()))();
    // The page is going away; stay suspended until it does rather than flash an error.
    return new Promise<T>(() => undefined);
  }
}

/** Code that can be asked to load ahead of its first use. */
export interface Preloadable {
  /** Starts loading the screen's code; a later first render then shows the screen at once. */
  preload(): Promise<void>;
}

/** A screen that loads on demand and can be asked to load ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyScreen<T extends ComponentType<any>> = FunctionComponent<ComponentProps<T>> & Preloadable;

/**
 * `React.lazy` for a screen, with the reload-once recovery of `loadWithReload`. A lazy component
 * suspends on its first render even when its code is there already, which costs the screen a
 * second render; once loaded (`preload`, or an earlier render), this one renders the screen directly.
 * `ComponentType<any>` mirrors React.lazy's own signature: the screen's props are its own business.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithReload<T extends ComponentType<any>>(
  factory: () => Promise<{ default: T }>,
  env?: ChunkReloadEnv,
): LazyScreen<T> {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const load = () => {
    loading ??= loadWithReload(factory, env).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A preload that failed is tried again by the first render (React.lazy keeps whatever its own call gets).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(load);
  const Screen = ((props: ComponentProps<T>) =>
    loaded ? createElement(loaded, props) : createElement(Lazy, props)) as LazyScreen<T>;
  Screen.preload = () => load().then(() => undefined);
  return Screen;
}
