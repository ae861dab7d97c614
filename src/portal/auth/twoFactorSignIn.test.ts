import { HttpError } from 'ra-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../data/authProvider';
import { KEYS, answer, harness, json, server } from '../data/testApi';
import { IDLE_TIMEOUT_MS } from '../../shared/session';
import { idleSettings, reportEveryMs } from './idleSettings';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const profile = { id: 1, name: 'Admin', email: 'a@b.kw', role: 'admin', merchant: { is_multi_vendor: false } };
const CHALLENGE = { two_factor_required: true, enrolment_required: false, challenge: 'challenge-1' };

describe('signing in with two-factor', () => {
  it('answers the challenge after a right password, storing no token and loading nothing', async () => {
    const { http, session } = harness();
    answer('post', '/login', () => json(CHALLENGE));
    const keys = answer('get', '/keys', () => json(KEYS));
    const next = await createAuthProvider(http).login({ email: 'a@b.kw', password: 'Secret#1' });
    expect(next).toEqual({ challenge: 'challenge-1', enrolment_required: false });
    expect(session.get('account').access_token).toBeNull();
    expect(keys).toHaveLength(0);
  });

  it('finishes with the code: the tokens, then the keys and the profile', async () => {
    const { http, session } = harness();
    const step = answer('post', '/login/two-factor', () => json({ access_token: 'a-1', refresh_token: 'r-1' }));
    answer('get', '/keys', () => json(KEYS));
    answer('get', '/profile', () => json(profile));
    await createAuthProvider(http).completeTwoFactor('challenge-1', '123456');
    expect(step[0].body).toEqual({ challenge: 'challenge-1', code: '123456' });
    expect(session.get('account')).toMatchObject({
      access_token: 'a-1',
      refresh_token: 'r-1',
      access_code: KEYS.access_code,
    });
  });

  it("a wrong code is the field's error, and nothing is stored", async () => {
    const { http, session } = harness();
    answer('post', '/login/two-factor', () =>
      json({ message: 'The code is wrong', errors: { code: 'The code is wrong' } }, { status: 400 }),
    );
    const failure = await createAuthProvider(http)
      .completeTwoFactor('challenge-1', '000000')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).body).toEqual({ errors: { code: 'The code is wrong' } });
    expect(session.get('account').access_token).toBeNull();
  });

  it('a stale challenge (401) is no reason to renew tokens, even with a refresh token at hand', async () => {
    const { http } = harness({ signedIn: true });
    answer('post', '/login/two-factor/enrol', () => json({ message: 'Too long' }, { status: 401 }));
    const refresh = answer('post', '/token/refresh', () => json({}, { status: 401 }));
    await expect(createAuthProvider(http).startTwoFactorEnrolment('old')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveLength(0);
  });

  it('starts an enrolment required at sign-in with the challenge', async () => {
    const { http } = harness();
    const sent = answer('post', '/login/two-factor/enrol', () =>
      json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x' }),
    );
    expect(await createAuthProvider(http).startTwoFactorEnrolment('challenge-1')).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_uri: 'otpauth://totp/x',
    });
    expect(sent[0].body).toEqual({ challenge: 'challenge-1' });
  });
});

describe('idle settings', () => {
  const page = globalThis as { window?: Partial<Window> };
  afterEach(() => {
    delete page.window;
  });

  it("follow the server's idle time-out, 15 minutes by default, warning a minute before", () => {
    page.window = {};
    expect(idleSettings()).toEqual({ idleMs: IDLE_TIMEOUT_MS, warnMs: 60_000 });
    expect(IDLE_TIMEOUT_MS).toBe(15 * 60_000);
    expect(idleSettings(5 * 60_000)).toEqual({ idleMs: 5 * 60_000, warnMs: 60_000 });
    expect(idleSettings(40_000)).toEqual({ idleMs: 40_000, warnMs: 20_000 });
  });

  it("a test page's override wins over the server's value", () => {
    page.window = { __BAWABA_IDLE_MS__: 6_000, __BAWABA_WARN_MS__: 3_000 };
    expect(idleSettings(15 * 60_000)).toEqual({ idleMs: 6_000, warnMs: 3_000 });
  });

  it('activity reaches the server at most every 30 seconds, or a tenth of a shorter period', () => {
    expect(reportEveryMs(15 * 60_000)).toBe(30_000);
    expect(reportEveryMs(6_000)).toBe(600);
  });
});
