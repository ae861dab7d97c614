import { HttpResponse } from 'msw';
import { HttpError } from 'ra-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from './apiTypes';
import { LOGIN_PATH, createAuthProvider } from './authProvider';
import { KEYS, answer, harness, json, server } from './testApi';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const profile: Profile = {
  id: 3,
  name: 'Noura',
  email: 'noura@merchant.kw',
  role: 'employee',
  merchant: {
    id: 1,
    code: 'M1001',
    name: 'Dates Co',
    name_ar: 'شركة التمور',
    brand_name: 'Dates',
    logo: '/uploads/logo.png',
    is_multi_vendor: true,
  },
  services: {
    open_invoice: true,
    quick_invoice: true,
    payment_gateway: false,
    product_listing: true,
    pos_terminal: false,
    delivery_invoice: false,
    property_management: false,
    recurring_subscription: false,
  },
  permissions: {
    general: ['dashboard'],
    sms: ['single_sms'],
    report: [],
    open_invoice: [],
    sales: [],
    rental: [],
    subscription: [],
  },
};

function signInApi() {
  return {
    login: answer('post', '/login', () => json({ access_token: 'access-1', refresh_token: 'refresh-1' })),
    keys: answer('get', '/keys', () => json(KEYS)),
    profile: answer('get', '/profile', () => json(profile)),
  };
}

describe('login', () => {
  it('stores the tokens, then the keys and the profile; secrets stay out of storage', async () => {
    const { http, session, storage } = harness();
    const api = signInApi();
    await createAuthProvider(http).login({ email: 'noura@merchant.kw', password: 'Secret#1' });
    expect(api.login[0].body).toEqual({ email: 'noura@merchant.kw', password: 'Secret#1' });
    expect(api.login[0].headers.has('authorization')).toBe(false);
    expect(api.keys[0].headers.get('authorization')).toBe('Bearer access-1');
    expect(api.profile[0].headers.get('accesscode')).toBe(KEYS.access_code);
    expect(session.get('account')).toMatchObject({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      access_code: KEYS.access_code,
      merchant_code: KEYS.merchant_code,
      secret_key: KEYS.secret_key,
      iv_key: KEYS.iv_key,
      user_details: profile,
      services: profile.services,
      permissions: profile.permissions,
      is_multi_vendor: true,
    });
    const stored = storage.map.get('persist:account')!;
    expect(stored).not.toContain(KEYS.secret_key);
    expect(stored).not.toContain(KEYS.iv_key);
  });

  it('rejects with the server’s message on bad credentials and stays signed out', async () => {
    const { http, session } = harness();
    answer('post', '/login', () => json({ message: 'Incorrect e-mail or password' }, { status: 401 }));
    await expect(createAuthProvider(http).login({ email: 'x@y.kw', password: 'bad' })).rejects.toThrow(
      'Incorrect e-mail or password',
    );
    expect(session.get('account').access_token).toBeNull();
  });

  it('undoes a half sign-in when the profile cannot be loaded', async () => {
    const { http, session } = harness();
    answer('post', '/login', () => json({ access_token: 'access-1', refresh_token: 'refresh-1' }));
    answer('get', '/keys', () => json(KEYS));
    answer('get', '/profile', () =>
      json({ message: 'Service not fully enabled, please contact support' }, { status: 403 }),
    );
    await expect(createAuthProvider(http).login({ email: 'a@b.kw', password: 'p' })).rejects.toBeInstanceOf(HttpError);
    expect(session.get('account').access_token).toBeNull();
  });
});

describe('logout', () => {
  it('tells the server (Bearer + refresh token), clears the session and goes to the sign-in page', async () => {
    const { http, session, storage } = harness({ signedIn: true });
    session.set('global', { language: 'ar' });
    const sent = answer('post', '/logout', () => new HttpResponse(null, { status: 204 }));
    expect(await createAuthProvider(http).logout({})).toBe(LOGIN_PATH);
    expect(sent[0].headers.get('authorization')).toBe('Bearer access-1');
    expect(sent[0].body).toEqual({ refresh_token: 'refresh-1' });
    expect(session.get('account').access_token).toBeNull();
    expect([...storage.map.keys()]).toEqual(['persist:global']);
    expect(session.get('global').language).toBe('ar');
  });

  it('clears the session even when the server cannot be reached', async () => {
    const { http, session } = harness({ signedIn: true });
    answer('post', '/logout', () => HttpResponse.error());
    await createAuthProvider(http).logout({});
    expect(session.get('account').refresh_token).toBeNull();
  });

  it('does not call the server when nobody is signed in', async () => {
    const { http } = harness();
    await expect(createAuthProvider(http).logout({})).resolves.toBe(LOGIN_PATH);
  });
});

describe('checks', () => {
  it('checkAuth rejects towards /merchant without a token and passes with one', async () => {
    const signedOut = harness();
    await expect(createAuthProvider(signedOut.http).checkAuth({})).rejects.toEqual({
      redirectTo: '/merchant',
      message: false,
    });
    const signedIn = harness({ signedIn: true });
    await expect(createAuthProvider(signedIn.http).checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError signs out on 401 and keeps the session on 403 and other errors', async () => {
    const { http, session } = harness({ signedIn: true });
    const auth = createAuthProvider(http);
    await expect(auth.checkError(new HttpError('expired', 401))).rejects.toMatchObject({ redirectTo: '/merchant' });
    await expect(auth.checkError(new HttpError('forbidden', 403))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('gone', 404))).resolves.toBeUndefined();
    expect(session.get('account').access_token).toBe('access-1');
  });

  it('getIdentity comes from the profile, fetching it when a reload lost it', async () => {
    const { http } = harness({ signedIn: true });
    const sent = answer('get', '/profile', () => json(profile));
    const auth = createAuthProvider(http);
    expect(await auth.getIdentity()).toEqual({ id: 3, fullName: 'Noura', avatar: '/uploads/logo.png' });
    await auth.getIdentity();
    expect(sent).toHaveLength(1);
  });

  it('getPermissions gives role, services, permission maps and the multi-vendor flag', async () => {
    const { http } = harness();
    signInApi();
    const auth = createAuthProvider(http);
    await auth.login({ email: 'noura@merchant.kw', password: 'Secret#1' });
    expect(await auth.getPermissions()).toEqual({
      role: 'employee',
      services: profile.services,
      permissions: profile.permissions,
      isMultiVendor: true,
    });
  });

  it('getPermissions of a sign-in cut short (tokens, no profile yet) loads the profile first', async () => {
    const { http, session } = harness();
    session.set('account', { access_token: 'access-1', refresh_token: 'refresh-1' });
    const sent = answer('get', '/profile', () => json(profile));
    const auth = createAuthProvider(http);
    expect((await auth.getPermissions()).role).toBe('employee');
    await auth.getPermissions();
    expect(sent).toHaveLength(1);
  });
});

describe('password recovery', () => {
  it('forgotPassword posts the e-mail and resolves with the message', async () => {
    const { http } = harness();
    const sent = answer('post', '/forgot', () => json({ message: 'A secret code is on its way' }));
    expect(await createAuthProvider(http).forgotPassword('a@b.kw')).toEqual({ message: 'A secret code is on its way' });
    expect(sent[0].body).toEqual({ email: 'a@b.kw' });
  });

  it('resetPassword posts code and passwords; field errors come back in react-admin’s shape', async () => {
    const { http } = harness();
    const sent = answer('post', '/password/reset', () =>
      json(
        { message: 'Please fill all the required fields', errors: { code: 'The secret code is wrong or has expired' } },
        { status: 400 },
      ),
    );
    const params = { email: 'a@b.kw', code: '000000', password: 'N3w#pass', password_confirmation: 'N3w#pass' };
    const error = (await createAuthProvider(http)
      .resetPassword(params)
      .catch((reason: unknown) => reason)) as HttpError;
    expect(sent[0].body).toEqual(params);
    expect([error.status, error.body]).toEqual([400, { errors: { code: 'The secret code is wrong or has expired' } }]);
  });
});
