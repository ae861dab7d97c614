import type { FastifyInstance } from 'fastify';
import { loadIdentity, type Identity } from '../auth/identities';
import {
  accountOfLogin,
  auditAccountEvent,
  auditSignInFailure,
  logUnknownSignIn,
  openSessionAccount,
  refuseDisabledSignIn,
} from '../audit/account-events';
import { accountLocked, clearWrongPasswords, LOCKOUT, lockedUntil, recordWrongPassword } from '../auth/lockout';
import { verifyPassword } from '../kernel/passwords';
import type { ServerContext } from '../context';
import { ApiError, unauthorized } from '../kernel/api-error';
import { languageOf, t } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { findLogin } from '../storage/login-identities';

/** Sign-in, token refresh and sign-out. */

export const authSchemas = [
  {
    $id: 'login',
    type: 'object',
    required: ['email', 'password'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 128 },
    },
  },
  {
    $id: 'tokens',
    type: 'object',
    required: ['access_token', 'refresh_token'],
    properties: {
      access_token: { type: 'string', description: 'Bearer token, valid for 15 minutes' },
      refresh_token: { type: 'string', description: 'Single use; exchange at /v1/token/refresh for a new pair' },
    },
  },
  {
    $id: 'login.answer',
    type: 'object',
    properties: {
      access_token: { type: 'string' },
      refresh_token: { type: 'string' },
      two_factor_required: { type: 'boolean', description: 'A code is needed: no tokens yet' },
      enrolment_required: {
        type: 'boolean',
        description: 'The merchant requires two-factor and the account has none: enrol first',
      },
      challenge: { type: 'string', description: 'Proof of the right password, valid for 5 minutes' },
    },
  },
  {
    $id: 'keepalive',
    type: 'object',
    required: ['idle_timeout_seconds'],
    properties: {
      idle_timeout_seconds: { type: 'integer', description: 'The session ends after this long unused' },
    },
  },
  {
    $id: 'refresh',
    type: 'object',
    required: ['refresh_token'],
    additionalProperties: false,
    properties: { refresh_token: { type: 'string', minLength: 1, maxLength: 200 } },
  },
  {
    $id: 'logout',
    type: 'object',
    additionalProperties: false,
    properties: { refresh_token: { type: 'string', maxLength: 200 } },
  },
];

/** An e-mail without an account "locks" as an account would, by a rate limit, so answers reveal no accounts. */
const STRANGER_LIMIT = { max: LOCKOUT.attempts + 1, windowMs: LOCKOUT.lockMs };

async function strangerLocked(ctx: ServerContext, key: string): Promise<boolean> {
  try {
    await ctx.limiter.check(key, STRANGER_LIMIT);
    return false;
  } catch {
    return true;
  }
}

/** Opens a session for an account that has proved who it is, and logs its sign-in. */
export async function openSession(ctx: ServerContext, identity: Identity) {
  const pair = await ctx.sessions.start(
    { source: identity.source, recordId: identity.recordId, merchantId: identity.merchantId },
    identity.passwordHash,
  );
  await auditAccountEvent(ctx.db, identity, 'sign_in');
  return pair;
}

/** The answer asking for a code, when the account must sign in with two-factor; else null. */
async function twoFactorChallenge(ctx: ServerContext, identity: Identity) {
  const [enabled, required] = await ctx.db.transaction(async (tx) => [
    await ctx.twoFactor.isEnabled(tx, identity),
    await ctx.twoFactor.requiredByMerchant(tx, identity),
  ]);
  if (!enabled && !required) return null;
  return { two_factor_required: true, enrolment_required: !enabled, challenge: ctx.twoFactor.challenge(identity) };
}

/** `POST /login`, `POST /token/refresh` and `POST /logout`. */
export function authRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['auth'];

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'Answers the tokens; or, for an account with two-factor, `two_factor_required` and a challenge to send with the code to `/login/two-factor`.',
        body: { $ref: 'login#' },
        response: { 200: { $ref: 'login.answer#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { email, password } = request.body as { email: string; password: string };
      // A flood from one address (many e-mails) gets 429; one account's wrong passwords lock it.
      const flood = `login:${request.ip}`;
      await ctx.limiter.check(flood, ctx.rateLimits.login);
      const login = await findLogin(ctx.db, email);
      const stranger = `login-unknown:${email.trim().toLowerCase()}`;
      if (login ? await lockedUntil(ctx.db, login.email) : await strangerLocked(ctx, stranger)) {
        if (login) await auditSignInFailure(ctx.db, accountOfLogin(login), 'account_locked');
        throw accountLocked();
      }
      const identity = login ? await loadIdentity(ctx.db, login.source, login.record_id) : null;
      // Always verify, against a decoy when there is no account, so timing does not reveal accounts.
      const valid = await verifyPassword(password, identity?.passwordHash);
      if (!login || !identity || !valid) {
        await ctx.limiter.hit(flood, ctx.rateLimits.login);
        if (login) {
          await auditSignInFailure(ctx.db, identity ?? accountOfLogin(login), 'wrong_password');
          if (await recordWrongPassword(ctx.db, login.email)) throw accountLocked();
        } else {
          logUnknownSignIn(request);
          await ctx.limiter.hit(stranger, STRANGER_LIMIT);
          if (await strangerLocked(ctx, stranger)) throw accountLocked();
        }
        throw new ApiError(401, 'app.auth.invalid_credentials');
      }
      // With two-factor the password alone opens nothing: its wrong tries are forgotten only after a right code.
      const challenge = await twoFactorChallenge(ctx, identity);
      if (!challenge) await clearWrongPasswords(ctx.db, login.email);
      await refuseDisabledSignIn(ctx.db, identity);
      return challenge ?? openSession(ctx, identity);
    },
  );

  app.post(
    '/token/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair (the old one stops working)',
        body: { $ref: 'refresh#' },
        response: { 200: { $ref: 'tokens#' }, ...errorResponses },
      },
    },
    async (request) => {
      const pair = await ctx.sessions.refresh((request.body as { refresh_token: string }).refresh_token);
      if (!pair) throw unauthorized('app.auth.session_expired');
      return pair;
    },
  );

  app.post(
    '/logout',
    {
      // The body is optional: signing out with only the bearer token is fine.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: 'Sign out: ends the session of the refresh token and/or of the bearer token',
        body: { $ref: 'logout#' },
        response: { 200: { $ref: 'message#' }, ...errorResponses },
      },
    },
    async (request) => {
      const token = (request.body as { refresh_token?: string } | undefined)?.refresh_token;
      if (token) await ctx.sessions.revokeByRefreshToken(token);
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const claims = bearer ? ctx.tokens.verify(bearer) : null;
      if (claims) {
        const account = await openSessionAccount(ctx.db, claims);
        await ctx.sessions.revoke(claims.sid);
        if (account) await auditAccountEvent(ctx.db, account, 'sign_out');
      }
      return { message: t(languageOf(request), 'app.auth.signed_out') };
    },
  );
}

/** `POST /session/keepalive`, for signed-in callers: a use of the session, as any request is ("Stay Logged In"). */
export function sessionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post(
    '/session/keepalive',
    {
      schema: {
        tags: ['auth'],
        summary: 'Keep the session alive; answers how long it may then go unused',
        response: { 200: { $ref: 'keepalive#' }, ...errorResponses },
      },
    },
    async () => ({ idle_timeout_seconds: Math.round(ctx.sessions.idleMs / 1000) }),
  );
}
