import type { FastifyInstance } from 'fastify';
import { loadIdentity } from '../auth/identities';
import { verifyPassword } from '../auth/passwords';
import type { ServerContext } from '../context';
import { ApiError, unauthorized } from '../http/api-error';
import { languageOf, t } from '../http/language';
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

/** `POST /login`, `POST /token/refresh` and `POST /logout`. */
export function authRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['auth'];

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in',
        body: { $ref: 'login#' },
        response: { 200: { $ref: 'tokens#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { email, password } = request.body as { email: string; password: string };
      const attempts = `login:${request.ip}:${email.toLowerCase()}`;
      ctx.limiter.check(attempts, ctx.rateLimits.login);
      const login = await findLogin(ctx.db, email);
      const identity = login ? await loadIdentity(ctx.db, login.source, login.record_id) : null;
      // Always verify, against a decoy when there is no account, so timing does not reveal accounts.
      const valid = await verifyPassword(password, identity?.passwordHash);
      if (!identity || !valid) {
        ctx.limiter.hit(attempts, ctx.rateLimits.login);
        throw new ApiError(401, 'app.auth.invalid_credentials');
      }
      ctx.limiter.clear(attempts);
      return ctx.sessions.start({
        source: identity.source,
        recordId: identity.recordId,
        merchantId: identity.merchantId,
      });
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
      if (claims) await ctx.sessions.revoke(claims.sid);
      return { message: t(languageOf(request), 'app.auth.signed_out') };
    },
  );
}
