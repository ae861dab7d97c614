import type { AuthProvider, UserIdentity } from 'ra-core';
import { LOGIN_PATH } from '../../shared/publicPaths';
import type { PermissionMaps, Profile, Role, Services, TokenPair } from './apiTypes';
import type { HttpClient } from './httpClient';
import { fetchKeys } from './merchantKeys';
import { endSession } from './session';

/**
 * react-admin's auth provider. Signed in means an access token in the account slice (SPEC §4);
 * signing in stores the tokens, then the merchant keys and the profile.
 */

/** Where the sign-in page lives (SPEC §2); protected routes send anonymous users there. */
export { LOGIN_PATH };

export interface LoginParams {
  email: string;
  password: string;
}

/** The answer of a right password for an account with two-factor: a code (or an enrolment) comes next. */
export interface TwoFactorChallenge {
  challenge: string;
  /** The merchant requires two-factor and the account has none yet: it enrols before signing in. */
  enrolment_required: boolean;
}

/** A new two-factor secret for the authenticator app (`otpauth_uri` is the same as an address). */
export interface TwoFactorEnrolment {
  secret: string;
  otpauth_uri: string;
}

type LoginAnswer = Partial<TokenPair> & Partial<TwoFactorChallenge> & { two_factor_required?: boolean };

export interface ResetPasswordParams {
  email: string;
  code: string;
  password: string;
  password_confirmation: string;
}

/** What `usePermissions()` returns. */
export interface PortalPermissions {
  role: Role | null;
  services: Services;
  permissions: PermissionMaps;
  isMultiVendor: boolean;
}

export type PortalAuthProvider = AuthProvider & {
  getPermissions(): Promise<PortalPermissions>;
  getIdentity(): Promise<UserIdentity>;
  /** `POST /forgot`: asks for a secret code by e-mail; resolves with the server's message. */
  forgotPassword(email: string): Promise<{ message: string }>;
  /** `POST /password/reset`; field errors come back as an HttpError with react-admin's shape. */
  resetPassword(params: ResetPasswordParams): Promise<{ message: string }>;
  /** `POST /login/two-factor`: the second step of signing in, with the authenticator's code. */
  completeTwoFactor(challenge: string, code: string): Promise<void>;
  /** `POST /login/two-factor/enrol`: a secret for an account that must enrol while signing in. */
  startTwoFactorEnrolment(challenge: string): Promise<TwoFactorEnrolment>;
};

/** Loads the profile into the account slice (user, service flags, permission maps). */
export async function loadProfile(http: HttpClient): Promise<Profile> {
  const profile = await http.get<Profile>('/profile');
  http.session.set('account', {
    user_details: profile,
    services: profile.services,
    permissions: profile.permissions,
    is_multi_vendor: profile.merchant.is_multi_vendor,
  });
  return profile;
}

/** Creates the auth provider over `http` (and its session). */
export function createAuthProvider(http: HttpClient): PortalAuthProvider {
  const account = () => http.session.get('account');

  async function beginSession(tokens: TokenPair): Promise<void> {
    http.session.set('account', { access_token: tokens.access_token, refresh_token: tokens.refresh_token });
    try {
      await fetchKeys(http);
      await loadProfile(http);
    } catch (error) {
      // Half a sign-in (tokens without keys or profile) would leave screens that cannot work.
      endSession(http.session);
      throw error;
    }
  }

  return {
    /** Signs in; resolves with the challenge instead when the account signs in with two-factor. */
    async login({ email, password }: LoginParams): Promise<TwoFactorChallenge | undefined> {
      const answer = await http.post<LoginAnswer>('/login', { email, password });
      if (answer.two_factor_required && answer.challenge) {
        return { challenge: answer.challenge, enrolment_required: answer.enrolment_required === true };
      }
      await beginSession(answer as TokenPair);
      return undefined;
    },

    async completeTwoFactor(challenge, code) {
      await beginSession(await http.post<TokenPair>('/login/two-factor', { challenge, code }));
    },

    startTwoFactorEnrolment: (challenge) => http.post<TwoFactorEnrolment>('/login/two-factor/enrol', { challenge }),

    async logout() {
      const { access_token, refresh_token } = account();
      if (access_token && refresh_token) {
        // Best effort: the device forgets the session whatever the server answers.
        await http.post('/logout', { refresh_token }).catch(() => undefined);
      }
      endSession(http.session);
      return LOGIN_PATH;
    },

    async checkAuth() {
      if (!account().access_token) throw { redirectTo: LOGIN_PATH, message: false };
    },

    async checkError(error: unknown) {
      const status = (error as { status?: unknown } | null)?.status;
      // The HTTP client has already tried to renew the token; a 401 now means the session is over.
      // A 403 is a refusal of one action: the user stays signed in.
      if (status === 401) throw { redirectTo: LOGIN_PATH, message: 'app.auth.session_expired' };
    },

    async getIdentity(): Promise<UserIdentity> {
      const profile = account().user_details ?? (await loadProfile(http));
      return { id: profile.id, fullName: profile.name, avatar: profile.merchant.logo ?? undefined };
    },

    async getPermissions(): Promise<PortalPermissions> {
      // A sign-in cut short (the tab closed between the tokens and the profile) left no profile:
      // it is loaded now, rather than every screen being refused for want of permissions.
      if (account().access_token && !account().user_details) await loadProfile(http);
      const { user_details, services, permissions, is_multi_vendor } = account();
      return { role: user_details?.role ?? null, services, permissions, isMultiVendor: is_multi_vendor };
    },

    forgotPassword: (email) => http.post<{ message: string }>('/forgot', { email }),

    resetPassword: (params) => http.post<{ message: string }>('/password/reset', params),
  };
}
