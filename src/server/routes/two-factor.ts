import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/caller';
import { loadIdentity, type Identity, type IdentityRef } from '../auth/identities';
import { accountLocked, clearWrongPasswords, lockedUntil, recordWrongPassword } from '../auth/lockout';
import { verifyPassword } from '../kernel/passwords';
import type { ServerContext } from '../context';
import { ApiError, fieldError, notFound, unauthorized } from '../kernel/api-error';
import { adminOnly } from '../http/guard';
import { languageOf, t } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { findLogin } from '../storage/login-identities';
import { auditAccountEvent, auditSignInFailure, refuseDisabledSignIn } from '../audit/account-events';
import { recordAudit } from '../audit/log';
import { openSession } from './auth';

/**
 * TOTP two-factor (`auth/two-factor`): the second step of signing in (with enrolment there when
 * the merchant requires two-factor of an employee who has none), and, once signed in, enrolling,
 * turning it off, the merchant's requirement for employees and an admin's reset of an employee's.
 */

const code = { type: 'string', pattern: '^[0-9]{6}$', 'x-messages': { pattern: 'app.two_factor.invalid_code' } };
const challenge = { type: 'string', minLength: 1, maxLength: 1000 };

export const twoFactorSchemas = [
  {
    $id: 'login.two-factor',
    type: 'object',
    required: ['challenge', 'code'],
    additionalProperties: false,
    properties: { challenge, code },
  },
  {
    $id: 'login.two-factor.enrol',
    type: 'object',
    required: ['challenge'],
    additionalProperties: false,
    properties: { challenge },
  },
  {
    $id: 'two-factor.enrolment',
    type: 'object',
    required: ['secret', 'otpauth_uri'],
    properties: {
      secret: { type: 'string', description: 'Base32 key for the authenticator app; shown this once' },
      otpauth_uri: { type: 'string', description: 'The same key as an otpauth:// address (QR code)' },
    },
  },
  {
    $id: 'two-factor.status',
    type: 'object',
    required: ['enabled', 'required', 'require_employee_two_factor'],
    properties: {
      enabled: { type: 'boolean', description: 'The signed-in account signs in with a code' },
      required: { type: 'boolean', description: 'The merchant requires it of this account (an employee)' },
      require_employee_two_factor: { type: 'boolean', description: "The merchant's requirement for employees" },
    },
  },
  {
    $id: 'two-factor.code',
    type: 'object',
    required: ['code'],
    additionalProperties: false,
    properties: { code },
  },
  {
    $id: 'two-factor.disable',
    type: 'object',
    additionalProperties: false,
    description: 'One of the two: a current code, or the password',
    properties: { code, password: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  {
    $id: 'two-factor.reset',
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647, description: "The employee's id" } },
  },
  {
    $id: 'two-factor.policy',
    type: 'object',
    required: ['require_employee_two_factor'],
    additionalProperties: false,
    properties: { require_employee_two_factor: { type: 'boolean' } },
  },
];

const wrongCode = () => fieldError('code', 'app.two_factor.invalid_code');

/** `POST /login/two-factor` and `POST /login/two-factor/enrol`: the step after a right password. */
export function twoFactorSignInRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['auth'];

  /** The account the challenge was issued for, still able to sign in; 401 when the challenge is stale. */
  const challenged = async (request: FastifyRequest): Promise<{ identity: Identity; email: string }> => {
    const ref = ctx.twoFactor.readChallenge((request.body as { challenge: string }).challenge);
    const identity = ref && (await loadIdentity(ctx.db, ref.source, ref.recordId));
    const login = identity && (await findLogin(ctx.db, identity.email));
    if (!identity || !login || identity.merchantId !== ref.merchantId) throw unauthorized('app.two_factor.expired');
    if (await lockedUntil(ctx.db, login.email)) throw accountLocked();
    await refuseDisabledSignIn(ctx.db, identity);
    return { identity, email: login.email };
  };

  app.post(
    '/login/two-factor/enrol',
    {
      schema: {
        tags,
        summary: 'Start two-factor enrolment during sign-in, when the merchant requires it and the account has none',
        body: { $ref: 'login.two-factor.enrol#' },
        response: { 200: { $ref: 'two-factor.enrolment#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { identity } = await challenged(request);
      const enrolment = await ctx.db.transaction(async (tx) =>
        (await ctx.twoFactor.requiredByMerchant(tx, identity))
          ? ctx.twoFactor.startEnrolment(tx, identity, identity.email)
          : null,
      );
      if (!enrolment) throw new ApiError(409, 'app.two_factor.not_enrolling');
      return enrolment;
    },
  );

  app.post(
    '/login/two-factor',
    {
      schema: {
        tags,
        summary: 'Finish signing in with the code of the authenticator app (or confirm the enrolment begun at sign-in)',
        body: { $ref: 'login.two-factor#' },
        response: { 200: { $ref: 'tokens#' }, ...errorResponses },
      },
    },
    async (request) => {
      const flood = `login:${request.ip}`;
      await ctx.limiter.check(flood, ctx.rateLimits.login);
      const { identity, email } = await challenged(request);
      const { code: given } = request.body as { code: string };
      const right = await ctx.db.transaction(async (tx) => {
        if (await ctx.twoFactor.isEnabled(tx, identity)) return ctx.twoFactor.verify(tx, identity, given);
        const enrolled =
          (await ctx.twoFactor.requiredByMerchant(tx, identity)) && (await ctx.twoFactor.confirm(tx, identity, given));
        if (enrolled) await auditAccountEvent(tx, identity, 'two_factor_enabled');
        return enrolled;
      });
      if (!right) {
        // A wrong code counts as a wrong password: the lock stops guessing codes as it stops guessing passwords.
        await ctx.limiter.hit(flood, ctx.rateLimits.login);
        await auditSignInFailure(ctx.db, identity, 'invalid_two_factor_code');
        if (await recordWrongPassword(ctx.db, email)) throw accountLocked();
        throw wrongCode();
      }
      await clearWrongPasswords(ctx.db, email);
      return openSession(ctx, identity);
    },
  );
}

/** Routes of the signed-in account's two-factor, its merchant's requirement, and an admin's reset of an employee's. */
export function twoFactorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['account'];

  const status = (ref: IdentityRef) =>
    ctx.db.transaction(async (tx) => ({
      enabled: await ctx.twoFactor.isEnabled(tx, ref),
      required: await ctx.twoFactor.requiredByMerchant(tx, ref),
      require_employee_two_factor: await ctx.twoFactor.merchantRequires(tx, ref.merchantId),
    }));

  app.get(
    '/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in account uses two-factor, and whether its merchant requires it of employees',
        response: { 200: { $ref: 'two-factor.status#' }, ...errorResponses },
      },
    },
    async (request) => status(callerOf(request).identity),
  );

  app.post(
    '/two-factor/enrol',
    {
      schema: {
        tags,
        summary: 'Start enrolling: a new secret for the authenticator app, active once confirmed with a code',
        response: { 200: { $ref: 'two-factor.enrolment#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { identity } = callerOf(request);
      const enrolment = await ctx.db.transaction((tx) => ctx.twoFactor.startEnrolment(tx, identity, identity.email));
      if (!enrolment) throw new ApiError(409, 'app.two_factor.already_enabled');
      return enrolment;
    },
  );

  app.post(
    '/two-factor/confirm',
    {
      schema: {
        tags,
        summary: 'Turn two-factor on with a code from the authenticator app',
        body: { $ref: 'two-factor.code#' },
        response: { 200: { $ref: 'two-factor.status#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { identity } = callerOf(request);
      const { code: given } = request.body as { code: string };
      const confirmed = await ctx.db.transaction(async (tx) => {
        if (!(await ctx.twoFactor.confirm(tx, identity, given))) return false;
        await auditAccountEvent(tx, identity, 'two_factor_enabled');
        return true;
      });
      if (!confirmed) throw wrongCode();
      return status(identity);
    },
  );

  app.post(
    '/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor off, proven with a current code or the password',
        body: { $ref: 'two-factor.disable#' },
        response: { 200: { $ref: 'two-factor.status#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { identity } = callerOf(request);
      const { code: given, password } = request.body as { code?: string; password?: string };
      await ctx.db.transaction(async (tx) => {
        if (await ctx.twoFactor.requiredByMerchant(tx, identity)) throw new ApiError(409, 'app.two_factor.required');
        if (given === undefined && password === undefined) throw fieldError('code', 'app.two_factor.proof_required');
        if (given !== undefined) {
          if (!(await ctx.twoFactor.verify(tx, identity, given))) throw wrongCode();
        } else if (!(await verifyPassword(password ?? '', identity.passwordHash))) {
          throw fieldError('password', 'app.two_factor.wrong_password');
        }
        await ctx.twoFactor.disable(tx, identity);
        await auditAccountEvent(tx, identity, 'two_factor_disabled');
      });
      return status(identity);
    },
  );

  app.put(
    '/two-factor/policy',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Require two-factor of the merchant's employees (admins only)",
        body: { $ref: 'two-factor.policy#' },
        response: { 200: { $ref: 'two-factor.status#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { identity, merchant } = callerOf(request);
      const { require_employee_two_factor: required } = request.body as { require_employee_two_factor: boolean };
      await ctx.db.transaction(async (tx) => {
        const before = await ctx.twoFactor.merchantRequires(tx, merchant.id);
        await ctx.twoFactor.setMerchantRequires(tx, merchant.id, required);
        if (before !== required)
          await recordAudit(tx, {
            merchantId: merchant.id,
            event: 'record_changed',
            entity: 'merchant',
            recordId: merchant.id,
            field: 'require_employee_two_factor',
            oldValue: String(before),
            newValue: String(required),
          });
      });
      return status(identity);
    },
  );

  app.post(
    '/two-factor/reset',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Reset an employee's two-factor (a lost phone); they enrol again at their next sign-in if required",
        description: '409 when the employee does not use two-factor.',
        body: { $ref: 'two-factor.reset#' },
        response: { 200: { $ref: 'message#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { merchant } = callerOf(request);
      const { id } = request.body as { id: number };
      const employee = await loadIdentity(ctx.db, 'employee', id);
      if (!employee || employee.merchantId !== merchant.id) throw notFound();
      await ctx.db.transaction(async (tx) => {
        if (!(await ctx.twoFactor.isEnabled(tx, employee)) && !(await ctx.twoFactor.isEnrolling(tx, employee)))
          throw new ApiError(409, 'app.two_factor.not_enabled');
        await ctx.twoFactor.disable(tx, employee);
        // The admin did it: the row names them as the actor and the employee as the record.
        await recordAudit(tx, {
          merchantId: merchant.id,
          event: 'two_factor_disabled',
          entity: 'employee',
          recordId: employee.recordId,
          recordName: employee.name,
        });
      });
      return { message: t(languageOf(request), 'app.two_factor.reset_done') };
    },
  );
}
