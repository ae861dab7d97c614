import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request a write runs for, kept for the activity log: the store writes audit rows deep below
 * the routes, and learns who wrote and from where without every call passing it down.
 */

interface AuditScope {
  request?: FastifyRequest;
  /** Writes of audited fields leave no row of their own: the flow records one event for them. */
  quiet?: boolean;
}

const scope = new AsyncLocalStorage<AuditScope>();

/** Longest user agent kept: enough to tell browsers and tools apart, never a whole header. */
export const USER_AGENT_LENGTH = 200;

/**
 * Keeps each request for the activity log from its `preHandler` on (after the body is read and
 * the caller is known). Install before the routes are registered.
 */
export function installAuditContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    scope.run({ request }, done);
  });
}

/** The request being served, if the code runs for one. */
export function currentRequest(): FastifyRequest | undefined {
  return scope.getStore()?.request;
}

/** Whether writes of audited fields should leave their own rows (see `quietly`). */
export function recordsAudited(): boolean {
  return scope.getStore()?.quiet !== true;
}

/**
 * Runs `fn` with the store's rows for audited fields turned off: a flow that records its own
 * event (a password reset, which stores the new password through the store) writes one row, not
 * two, and the demo data written at first start writes none.
 */
export function quietly<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run({ ...scope.getStore(), quiet: true }, fn);
}

/** Where a request comes from: its address (behind a trusted proxy, the client's) and its user agent, cut short. */
export function whereFrom(request: FastifyRequest | undefined): { ip: string | null; userAgent: string | null } {
  if (!request) return { ip: null, userAgent: null };
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof agent === 'string' && agent !== '' ? [...agent].slice(0, USER_AGENT_LENGTH).join('') : null,
  };
}
