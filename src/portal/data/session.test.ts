import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSession, endSession, restoreSession } from './session';
import { SLICE_NAMES, initialSession } from './sessionSlices';
import type { PersistStorage } from './sessionStorage';
import { memoryStorage } from './sessionStorage';

afterEach(() => {
  vi.useRealTimers();
});

const signedIn = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  access_code: 'AC-1',
  merchant_code: 'M-1',
  secret_key: 'secret',
  iv_key: 'iv',
  fetching: true,
};

describe('initial state (SPEC §3)', () => {
  it('has every slice with its defaults', () => {
    const session = createSession(memoryStorage());
    expect(SLICE_NAMES).toEqual(['global', 'account', 'dashboard', 'sales', 'cart', 'rental', 'invoice']);
    expect(session.get('global')).toMatchObject({
      language: 'en',
      alert: { show: false, type: 'warning' },
      loader: { show: false },
    });
    expect(session.get('invoice')).toMatchObject({ active_tab: 'sms', active_toggle: 'quick' });
    expect(session.get('rental').expense_tab).toBe('expenselist');
    expect(session.get('account')).toMatchObject({
      access_token: null,
      fetching: false,
      page_reload: false,
      is_multi_vendor: false,
    });
    expect(session.get('account').permissions).toEqual({
      general: [],
      sms: [],
      report: [],
      open_invoice: [],
      sales: [],
      rental: [],
      subscription: [],
    });
    expect(Object.values(session.get('account').services).every((flag) => flag === false)).toBe(true);
  });
});

describe('persistence', () => {
  it('writes each slice under persist:<slice>, without the loader, the alert, fetching or the secrets', () => {
    const storage = memoryStorage();
    const session = createSession(storage);
    session.set('account', signedIn);
    session.set('global', { language: 'ar', loader: { show: true, message: 'Loading' } });
    session.set('cart', { items: [{ id: 1 }] });
    expect([...storage.map.keys()].sort()).toEqual(['persist:account', 'persist:cart', 'persist:global']);
    const account = JSON.parse(storage.map.get('persist:account')!);
    expect(account).toMatchObject({ access_token: 'access-1', refresh_token: 'refresh-1', access_code: 'AC-1' });
    for (const field of ['secret_key', 'iv_key', 'fetching']) expect(account).not.toHaveProperty(field);
    const global = JSON.parse(storage.map.get('persist:global')!);
    expect(global.language).toBe('ar');
    expect(global).not.toHaveProperty('loader');
    expect(global).not.toHaveProperty('alert');
    expect([...storage.map.values()].join()).not.toMatch(/secret|"iv"/);
  });

  it('restores persisted slices, ignoring unknown and memory-only fields', async () => {
    const storage = memoryStorage([
      ['persist:account', JSON.stringify({ access_token: 'saved', secret_key: 'leaked', stranger: 1 })],
      ['persist:global', JSON.stringify({ language: 'ar', loader: { show: true, message: 'x' } })],
      ['persist:cart', 'not json'],
    ]);
    const session = createSession(storage);
    await restoreSession({ store: session });
    expect(session.get('account').access_token).toBe('saved');
    expect(session.get('account').secret_key).toBeNull();
    expect(session.get('account')).not.toHaveProperty('stranger');
    expect(session.get('global').language).toBe('ar');
    expect(session.get('global').loader.show).toBe(false);
    expect(session.get('cart')).toEqual(initialSession().cart);
  });

  it('gives up restoring after 5000 ms and keeps the defaults, even if storage answers later', async () => {
    vi.useFakeTimers();
    let answerLate: (value: string) => void = () => undefined;
    const slow: PersistStorage = {
      getItem: (key) =>
        key === 'persist:account' ? new Promise((resolve) => (answerLate = resolve)) : Promise.resolve(null),
      setItem: () => undefined,
      removeItem: () => undefined,
      keys: () => [],
    };
    const session = createSession(slow);
    let done = false;
    void restoreSession({ store: session }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    answerLate(JSON.stringify({ access_token: 'too-late' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.get('account').access_token).toBeNull();
  });

  it('a failing storage neither breaks restore nor writes', async () => {
    const broken: PersistStorage = {
      getItem: () => Promise.reject(new Error('denied')),
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
      keys: () => [],
    };
    const session = createSession(broken);
    await expect(restoreSession({ store: session })).resolves.toBeUndefined();
    session.set('cart', { sale_id: 4 });
    expect(session.get('cart').sale_id).toBe(4);
  });
});

describe('reset', () => {
  it('reset(slice) restores one slice and forgets its stored copy', () => {
    const storage = memoryStorage();
    const session = createSession(storage);
    session.set('rental', { expense_tab: 'categories', asset_id: 3 });
    session.set('cart', { sale_id: 9 });
    session.reset('rental');
    expect(session.get('rental')).toEqual(initialSession().rental);
    expect(storage.map.has('persist:rental')).toBe(false);
    expect(session.get('cart').sale_id).toBe(9);
  });

  it('resetAll restores every slice and removes every persist: key, and only those', () => {
    const storage = memoryStorage([
      ['persist:legacy', '{}'],
      ['bawaba:chunk-reloaded', '1'],
    ]);
    const session = createSession(storage);
    session.set('account', signedIn);
    session.set('invoice', { active_tab: 'open' });
    session.set('dashboard', { refund_modal: true });
    const notified: string[] = [];
    session.subscribe((slice) => notified.push(slice));
    session.resetAll();
    expect(SLICE_NAMES.map((slice) => session.get(slice))).toEqual(SLICE_NAMES.map((slice) => initialSession()[slice]));
    expect([...storage.map.keys()]).toEqual(['bawaba:chunk-reloaded']);
    expect(notified).toEqual(SLICE_NAMES);
  });

  it('keeps storage operations in order on an asynchronous storage', async () => {
    const map = new Map<string, string>([['persist:global', '{"language":"ar"}']]);
    const later = <T>(value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), 5));
    const asyncStorage: PersistStorage = {
      getItem: (key) => later(() => map.get(key) ?? null),
      setItem: (key, value) => later(() => void map.set(key, value)),
      removeItem: (key) => later(() => void map.delete(key)),
      keys: () => later(() => [...map.keys()]),
    };
    const session = createSession(asyncStorage);
    session.set('account', signedIn);
    session.set('global', { language: 'ar' });
    endSession(session);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...map.keys()]).toEqual(['persist:global']);
    expect(JSON.parse(map.get('persist:global')!).language).toBe('ar');
  });

  it('endSession signs out but keeps the chosen language', () => {
    const storage = memoryStorage();
    const session = createSession(storage);
    session.set('account', signedIn);
    session.set('global', { language: 'ar' });
    endSession(session);
    expect(session.get('account').access_token).toBeNull();
    expect(session.get('global').language).toBe('ar');
    expect([...storage.map.keys()]).toEqual(['persist:global']);
  });
});

describe('subscribe', () => {
  it('notifies with the slice name, gives a new object per change and unsubscribes', () => {
    const session = createSession(memoryStorage());
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    const before = session.get('sales');
    session.set('sales', { categories: ['dates'] });
    expect(listener).toHaveBeenCalledWith('sales');
    expect(session.get('sales')).not.toBe(before);
    expect(session.get('cart')).toBe(session.get('cart'));
    unsubscribe();
    session.set('sales', { categories: [] });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('useSessionSlice', () => {
  it('reads the slice in a component', async () => {
    const { createElement } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { useSessionSlice } = await import('./session');
    const session = createSession(memoryStorage());
    session.set('invoice', { active_tab: 'bulk' });
    const Tab = () => createElement('span', null, useSessionSlice('invoice', session).active_tab);
    expect(renderToString(createElement(Tab))).toBe('<span>bulk</span>');
  });
});

describe('other tabs', () => {
  function storageEvent(key: string, newValue: string | null) {
    return Object.assign(new Event('storage'), { key, newValue });
  }

  it('follows tokens renewed in another tab, keeping this tab’s secrets', () => {
    const tabs = new EventTarget();
    const session = createSession(memoryStorage(), { tabs });
    session.set('account', signedIn);
    const written = JSON.stringify({ access_token: 'access-2', refresh_token: 'refresh-2', access_code: 'AC-1' });
    tabs.dispatchEvent(storageEvent('persist:account', written));
    expect(session.get('account')).toMatchObject({
      access_token: 'access-2',
      refresh_token: 'refresh-2',
      secret_key: 'secret',
    });
  });

  it('signs out when another tab signs out, forgetting the secrets', () => {
    const tabs = new EventTarget();
    const session = createSession(memoryStorage(), { tabs });
    session.set('account', signedIn);
    tabs.dispatchEvent(storageEvent('persist:account', null));
    expect(session.get('account')).toEqual(initialSession().account);
    tabs.dispatchEvent(storageEvent('unrelated', 'x'));
  });

  it('forgets the secrets when another merchant signs in elsewhere', () => {
    const tabs = new EventTarget();
    const session = createSession(memoryStorage(), { tabs });
    session.set('account', signedIn);
    tabs.dispatchEvent(storageEvent('persist:account', JSON.stringify({ access_token: 'other', access_code: 'AC-2' })));
    expect(session.get('account')).toMatchObject({
      access_token: 'other',
      access_code: 'AC-2',
      secret_key: null,
      iv_key: null,
    });
  });
});
