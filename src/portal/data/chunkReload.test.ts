import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, RELOAD_FLAG, clearCaches, lazyWithReload, loadWithReload } from './chunkReload';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function browser() {
  const items = new Map<string, string>();
  return {
    items,
    storage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
    reload: vi.fn(),
    clearCaches: vi.fn(async () => undefined),
  };
}

const screen = { default: () => null };
const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return state;
};

describe('loadWithReload (SPEC §2, §8)', () => {
  it('a failed chunk clears caches and reloads once, remembered by a flag; the second failure rethrows', async () => {
    const env = browser();
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const factory = vi.fn(() => Promise.reject(failure));

    const first = loadWithReload(factory, env);
    expect(await settled(first)).toBe('pending');
    expect(env.clearCaches).toHaveBeenCalledTimes(1);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.items.has(RELOAD_FLAG)).toBe(true);

    // After the reload the flag is still there: this time the error surfaces.
    await expect(loadWithReload(factory, env)).rejects.toBe(failure);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('a successful load clears the flag, so a later failure may reload again', async () => {
    const env = browser();
    env.items.set(RELOAD_FLAG, '1');
    await expect(loadWithReload(async () => screen, env)).resolves.toBe(screen);
    expect(env.items.has(RELOAD_FLAG)).toBe(false);
  });

  it('a chunk that does not arrive within 120000 ms counts as failed', async () => {
    vi.useFakeTimers();
    const env = browser();
    void loadWithReload(() => new Promise(() => undefined), env);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(env.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('without storage it cannot remember a reload, so it rethrows at once', async () => {
    const env = { ...browser(), storage: null };
    await expect(loadWithReload(() => Promise.reject(new Error('chunk')), env)).rejects.toThrow('chunk');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('clearCaches deletes every cache', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { keys: async () => ['v1', 'v2'], delete: async (name: string) => deleted.push(name) > 0 });
    await clearCaches();
    expect(deleted).toEqual(['v1', 'v2']);
  });

  it('lazyWithReload loads its screen once, whether asked ahead or by a render', async () => {
    const factory = vi.fn(async () => screen);
    const Lazy = lazyWithReload(factory, browser());
    expect(factory).not.toHaveBeenCalled();
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
