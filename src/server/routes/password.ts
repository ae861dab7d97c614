import type { FastifyInstance } from 'fastify';
import { setPassword } from '../auth/identities';
import { hashPassword } from '../auth/passwords';
import { CODE_TTL_MINUTES, consumeResetCode, issueResetCode } from '../auth/reset-codes';
import type { ServerContext } from '../context';
import { fieldError } from '../http/api-error';
import { languageOf, t } from '../http/language';
import { errorResponses } from '../http/shared-schemas';
import { passwordResetEmail } from '../outbox/templates';
import { clearWrongPasswords } from '../auth/lockout';
import { findLogin } from '../storage/login-identities';

/** Forgotten password: a secret code by e-mail, then a new password with that code. */

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
      // The same rule as every password form: the `strong-password` format.
      password: { type: 'string', format: 'strong-password' },
      password_confirmation: {
        type: 'string',
        const: { $data: '1/password' },
        'x-messages': { const: 'app.auth.passwords_differ' },
      },
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
      ctx.limiter.take(`forgot:${email.toLowerCase()}`, ctx.rateLimits.forgot);
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
      ctx.limiter.check(attempts, ctx.rateLimits.reset);
      const login = await findLogin(ctx.db, email);
      const owner = login && { source: login.source, recordId: login.record_id, merchantId: login.merchant_id };
      const changed =
        owner &&
        (await ctx.db.transaction(async (tx) => {
          if (!(await consumeResetCode(tx, owner, code))) return false;
          await setPassword(tx, ctx.stores, owner, password);
          await ctx.sessions.revokeAll(tx, owner.source, owner.recordId);
          // A new password ends a lock from wrong passwords.
          await clearWrongPasswords(tx, login.email);
          return true;
        }));
      if (!changed) {
        ctx.limiter.hit(attempts, ctx.rateLimits.reset);
        throw fieldError('code', 'app.auth.invalid_code');
      }
      return { message: t(languageOf(request), 'app.auth.password_changed') };
    },
  );
}
