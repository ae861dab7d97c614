import type { FastifyRequest } from 'fastify';
import { loadIdentity, refuseDisabled, type Identity } from '../auth/identities';
import type { Queryable } from '../db/database';
import { actorOfIdentity, recordAudit, type AuditEventName, type AuditReason } from './log';

/** An account as the activity log names it: where it is stored, its merchant, name and e-mail. */
export type AccountRef = Pick<Identity, 'source' | 'recordId' | 'merchantId' | 'name' | 'email'>;

export interface Outcome {
  /** Default `success`. */
  result?: 'success' | 'failure';
  reason?: AuditReason;
}

/**
 * An event of an account's own (sign-in, sign-out, password, two-factor), written to its merchant's
 * activity log with the account as the actor and the current request's address and user agent.
 * Never pass what was typed (a password, a code): the row says only what happened.
 */
export async function auditAccountEvent(
  q: Queryable,
  account: AccountRef,
  event: AuditEventName,
  outcome: Outcome = {},
): Promise<void> {
  await recordAudit(q, {
    merchantId: account.merchantId,
    event,
    result: outcome.result,
    reason: outcome.reason,
    actor: actorOfIdentity(account),
  });
}

/**
 * A failed sign-in for an e-mail no account has: it belongs to no merchant, so it is only logged by
 * the server (without the e-mail, which may be a mistyped password).
 */
export function logUnknownSignIn(request: FastifyRequest): void {
  request.log.info({ audit: 'sign_in', result: 'failure' }, 'sign-in refused: no such account');
}

/** The account of a sign-in e-mail found in `login_identities` (named by its e-mail). */
export function accountOfLogin(login: { email: string; source: string; record_id: number; merchant_id: number }) {
  return {
    source: login.source,
    recordId: login.record_id,
    merchantId: login.merchant_id,
    name: login.email,
    email: login.email,
  } satisfies AccountRef;
}

/** The account of a session that is still open (to log its sign-out); null once it has ended. */
export async function openSessionAccount(
  q: Queryable,
  claims: { sid: string; src: string; sub: number },
): Promise<AccountRef | null> {
  const [open] = await q.query(`select 1 from sessions where id = $1::text and revoked_at is null`, [claims.sid]);
  return open ? loadIdentity(q, claims.src, claims.sub) : null;
}

/** A refused sign-in of a known account: its merchant sees it, never the password tried. */
export function auditSignInFailure(q: Queryable, account: AccountRef, reason: AuditReason): Promise<void> {
  return auditAccountEvent(q, account, 'sign_in', { result: 'failure', reason });
}

/** `refuseDisabled`, with the refused sign-in of a disabled account in its merchant's activity log. */
export async function refuseDisabledSignIn(q: Queryable, identity: Identity): Promise<void> {
  if (!identity.active) await auditSignInFailure(q, identity, 'account_disabled');
  refuseDisabled(identity);
}

/** The account of a sign-in e-mail, named as it is now (by its e-mail when it cannot be read). */
export async function accountOfLoginNamed(
  q: Queryable,
  login: { email: string; source: string; record_id: number; merchant_id: number },
): Promise<AccountRef> {
  return (await loadIdentity(q, login.source, login.record_id)) ?? accountOfLogin(login);
}
