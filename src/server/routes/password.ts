import type { FastifyInstance } from 'fastify';
import { accountOfLoginNamed, auditAccountEvent } from '../audit/account-events';
import { quietly } from '../audit/context';
import { callerOf } from '../auth/caller';
import { loadIdentity, setPassword } from '../auth/identities';
import { hashPassword, verifyPassword } from '../kernel/passwords';
import { CODE_TTL_MINUTES, consumeResetCode, issueResetCode } from '../auth/reset-codes';
import type { ServerContext } from '../context';
import { fieldError, unauthorized } from '../kernel/api-error';
import { languageOf, t } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { passwordResetEmail } from '../outbox/templates';
import { accountLocked, clearWrongPasswords, recordWrongPassword } from '../auth/lockout';
import { findLogin } from '../storage/login-identities';

/** Forgotten password: a secret code by e-mail, then a new password with that code. */

/**
 * A new password and its confirmation, as every password form asks for them: the `strong-password`
 * format, and the confirmation equal to it.
 */
const NEW_PASSWORD = {
  password: { type: 'string', format: 'strong-password' },
  password_confirmation: {
    type: 'string',
    const: { $data: '1/password' },
    'x-messages': { const: 'app.auth.passwords_differ' },
  },
};

export const passwordSchemas = [
  {
    $id: 'forgot',
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
  },
  {
    $id: 'password.reset',
    type: 'object',
    required: ['email', 'code', 'password', 'password_confirmation'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      code: { type: 'string', pattern: '^[0-9]{6}$', 'x-messages': { pattern: 'app.auth.invalid_code' } },
      ...NEW_PASSWORD,
    },
  },
  {
    $id: 'password.change',
    type: 'object',
    required: ['current_password', 'password', 'password_confirmation'],
    additionalProperties: false,
    properties: {
      current_password: { type: 'string', minLength: 1, maxLength: 128 },
      ...NEW_PASSWORD,
    },
  },
];

/** `POST /forgot` and `POST /password/reset`. */
export function passwordRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['auth'];

  app.post(
    '/forgot',
    {
      schema: {
        tags,
        summary: 'Send a password reset code by e-mail (always answers 200, whether or not the account exists)',
        body: { $ref: 'forgot#' },
        response: { 200: { $ref: 'message#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      const language = languageOf(request);
      await ctx.limiter.take(`forgot:${email.toLowerCase()}`, ctx.rateLimits.forgot);
      const login = await findLogin(ctx.db, email);
      if (login) {
        await ctx.db.transaction(async (tx) => {
          const code = await issueResetCode(tx, { source: login.source, recordId: login.record_id });
          const mail = passwordResetEmail(language, code, CODE_TTL_MINUTES);
          await ctx.outbox.enqueue(tx, {
            channel: 'email',
            recipient: login.email,
            language,
            merchantId: login.merchant_id,
            ...mail,
          });
          await auditAccountEvent(tx, await accountOfLoginNamed(tx, login), 'password_reset_requested');
        });
        ctx.outbox.kick();
      } else {
        // Cost what a real reset costs, so the answer time says nothing about the account.
        await hashPassword('000000');
      }
      return { message: t(language, 'app.auth.code_sent') };
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the secret code',
        body: { $ref: 'password.reset#' },
        response: { 200: { $ref: 'message#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { email, code, password } = request.body as { email: string; code: string; password: string };
      const attempts = `reset:${request.ip}`;
      await ctx.limiter.check(attempts, ctx.rateLimits.reset);
      const login = await findLogin(ctx.db, email);
      const owner = login && { source: login.source, recordId: login.record_id, merchantId: login.merchant_id };
      const changed =
        owner &&
        (await ctx.db.transaction(async (tx) => {
          if (!(await consumeResetCode(tx, owner, code))) return false;
          // One row in the activity log for the reset, not another for the stored password.
          await quietly(() => setPassword(tx, ctx.stores, owner, password));
          await auditAccountEvent(tx, await accountOfLoginNamed(tx, login), 'password_reset');
          await ctx.sessions.revokeAll(tx, owner.source, owner.recordId);
          // A new password ends a lock from wrong passwords.
          await clearWrongPasswords(tx, login.email);
          return true;
        }));
      if (!changed) {
        if (login) {
          const account = await accountOfLoginNamed(ctx.db, login);
          await auditAccountEvent(ctx.db, account, 'password_reset', { result: 'failure', reason: 'invalid_code' });
        }
        await ctx.limiter.hit(attempts, ctx.rateLimits.reset);
        throw fieldError('code', 'app.auth.invalid_code');
      }
      return { message: t(languageOf(request), 'app.auth.password_changed') };
    },
  );
}

/**
 * `POST /password/change` for a signed-in account: with the current password, a new one. Every
 * other session of the account ends (a thief's among them); this one carries on. A wrong current
 * password counts toward the lock, as at sign-in, so a stolen session cannot guess it at leisure.
 */
export function passwordChangeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post(
    '/password/change',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password; ends every other session of the account',
        body: { $ref: 'password.change#' },
        response: { 200: { $ref: 'message#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { identity, sessionId } = callerOf(request);
      const body = request.body as { current_password: string; password: string };
      const login = await findLogin(ctx.db, identity.email);
      if (!login) throw unauthorized('app.auth.session_expired');
      if (!(await verifyPassword(body.current_password, identity.passwordHash))) {
        await auditAccountEvent(ctx.db, identity, 'password_changed', { result: 'failure', reason: 'wrong_password' });
        if (await recordWrongPassword(ctx.db, login.email)) throw accountLocked();
        throw fieldError('current_password', 'app.auth.wrong_current_password');
      }
      await ctx.db.transaction(async (tx) => {
        await quietly(() => setPassword(tx, ctx.stores, identity, body.password));
        await auditAccountEvent(tx, identity, 'password_changed');
        const changed = await loadIdentity(tx, identity.source, identity.recordId);
        await ctx.sessions.keepOnly(tx, identity, sessionId, changed?.passwordHash ?? null);
        await clearWrongPasswords(tx, login.email);
      });
      return { message: t(languageOf(request), 'app.auth.password_updated') };
    },
  );
}
