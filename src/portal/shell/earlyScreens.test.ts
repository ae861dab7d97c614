import { describe, expect, it, vi } from 'vitest';
import type { SessionStore } from '../data/session';
import { startLoadingScreens } from './earlyScreens';

/** The screens whose code was asked for, in order: each module records itself when first loaded. */
const loaded = vi.hoisted(() => [] as string[]);
vi.mock(
  '../BackOffice',
  () => (
    loaded.push('back office'),
    { default: () => null, prefetchFor: (path: string, search: string) => loaded.push(`data of ${path}${search}`) }
  ),
);
vi.mock('../resources/ResourceList', () => (loaded.push('list'), { default: () => null }));
vi.mock('../resources/ResourceShow', () => (loaded.push('record'), { default: () => null }));

const signedIn = { get: () => ({ access_token: 'token', permissions: null }) } as unknown as SessionStore;
const signedOut = { get: () => ({ access_token: null }) } as unknown as SessionStore;

/** Lets the dynamic imports started by `startLoadingScreens` run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a first visit that starts loading its screen early', () => {
  it('loads nothing before sign-in, and a list screen and its data with the back office once signed in', async () => {
    startLoadingScreens('/report/payment-transactions', '', signedOut);
    await settle();
    expect(loaded).toEqual([]);

    startLoadingScreens('/report/payment-transactions', '', signedIn);
    await settle();
    expect(loaded).toEqual(['back office', 'list', 'data of /report/payment-transactions']);
  });

  it('loads a record page below a list, but not for a form below it', async () => {
    startLoadingScreens('/invoice/invoice-list/create', '', signedIn);
    await settle();
    expect(loaded).not.toContain('record');

    startLoadingScreens('/invoice/invoice-list/42', '?tab=1', signedIn);
    await settle();
    expect(loaded).toContain('record');
    expect(loaded).toContain('data of /invoice/invoice-list/42?tab=1');
  });
});
