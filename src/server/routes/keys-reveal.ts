import type { FastifyInstance } from 'fastify';
import { auditAccountEvent } from '../audit/account-events';
import { callerOf } from '../auth/caller';
import { accountLocked, clearWrongPasswords, recordWrongPassword } from '../auth/lockout';
import type { ServerContext } from '../context';
import { errorResponses } from '../http/shared-schemas';
import { fieldError, unauthorized } from '../kernel/api-error';
import { verifyPassword } from '../kernel/passwords';
import { findLogin } from '../storage/login-identities';

/**
 * The merchant's keys shown in full only to someone who types the account's password again: the
 * profile page shows them masked, and its Reveal asks for the password. Every reveal, and every
 * wrong password, is a row of the activity log; wrong passwords count toward the account's lock
 * and the address's limit, as at sign-in, so a session left open cannot be used to guess it.
 */

const keysReveal = {
  $id: 'keys.reveal',
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: { password: { type: 'string', minLength: 1, maxLength: 128 } },
};

export const keysRevealSchemas = [keysReveal];

/** `POST /keys/reveal`: the keys, for the signed-in account's password. */
export function keysRevealRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post(
    '/keys/reveal',
    {
      schema: {
        tags: ['account'],
        summary: "The merchant's API and encryption keys, for the account's password typed again",
        body: { $ref: 'keys.reveal#' },
        response: { 200: { $ref: 'keys#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { identity, merchant } = callerOf(request);
      const { password } = request.body as { password: string };
      const flood = `keys-reveal:${request.ip}`;
      await ctx.limiter.check(flood, ctx.rateLimits.login);
      const login = await findLogin(ctx.db, identity.email);
      if (!login) throw unauthorized('app.auth.session_expired');
      if (!(await verifyPassword(password, identity.passwordHash))) {
        await ctx.limiter.hit(flood, ctx.rateLimits.login);
        await auditAccountEvent(ctx.db, identity, 'keys_revealed', { result: 'failure', reason: 'wrong_password' });
        if (await recordWrongPassword(ctx.db, login.email)) throw accountLocked();
        throw fieldError('password', 'app.auth.wrong_current_password');
      }
      await ctx.db.transaction(async (tx) => {
        await auditAccountEvent(tx, identity, 'keys_revealed');
        await clearWrongPasswords(tx, login.email);
      });
      return {
        access_code: merchant.access_code,
        secret_key: merchant.secret_key,
        iv_key: merchant.iv_key,
        merchant_code: merchant.code,
      };
    },
  );
}
