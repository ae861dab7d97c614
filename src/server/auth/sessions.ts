import { createHash, randomBytes } from 'node:crypto';
import { IDLE_TIMEOUT_MS } from '../../shared/session';
import type { Database, Queryable } from '../db/database';
import type { AccessClaims, AccessTokens } from './access-tokens';
import { entitySchemas } from '../../schema/registry';
import type { Effects } from '../effects';
import { MERCHANT_COLUMNS, toMerchant, type Merchant } from '../merchants/merchants';
import { canSignIn, identitySelect, loadIdentity, toIdentity, type Identity, type IdentityRow } from './identities';

/**
 * Sign-in sessions and their rotating refresh tokens. Each refresh token works once and is
 * replaced by a new one; presenting a used token again means it was stolen (or replayed), so the
 * whole session — every token descended from that sign-in — is revoked.
 *
 * A session also ends when it goes unused for the idle time-out (every authenticated request and
 * every refresh is a use), and when the account's password changes: a session remembers a tag of
 * the password it was opened with, and one whose tag no longer matches is dead, however the
 * password changed (a reset, the account's own change, an admin editing an employee).
 *
 * Nothing of a session is kept in the process: every server sharing the database judges it alike.
 */

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface SessionOwner {
  source: string;
  recordId: number;
  merchantId: number;
}

export interface SessionOptions {
  /** How long a session may go unused (default `IDLE_TIMEOUT_MS`, 15 minutes). */
  idleMs?: number;
  now?: () => number;
}

const REFRESH_TTL_DAYS = 7;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
/** What a session keeps of the password hash it was opened with: enough to notice a change, nothing to attack. */
const credentialTag = (passwordHash: string | null) =>
  createHash('sha256')
    .update(passwordHash ?? '')
    .digest('base64url')
    .slice(0, 22);

interface RefreshRow extends Record<string, unknown> {
  session_id: string;
  source: string;
  record_id: number;
  merchant_id: number;
  used_at: string | null;
  expired: boolean;
  revoked_at: string | null;
  seen: number | string;
  credential: string | null;
}

/** What authenticating a request found: the caller's account and merchant, or why it is refused. */
export type Authentication =
  { identity: Identity; merchant: Merchant } | { refused: 'app.auth.session_expired' | 'app.auth.account_disabled' };

interface AuthenticationRow extends IdentityRow, Record<string, unknown> {
  live: boolean | null;
  merchant: Record<string, unknown> | null;
}

/** `credentialTag` in SQL, of the password hash `secret`. */
const CREDENTIAL_TAG_SQL = (secret: string) =>
  `left(translate(encode(sha256(convert_to(coalesce(${secret}, ''), 'UTF8')), 'base64'), '+/', '-_'), 22)`;

export class Sessions {
  readonly idleMs: number;
  /**
   * The last use is written at most once per this period, not on every request, so a session
   * may end up to this much before the idle time after its last use, never after it.
   */
  readonly writeEveryMs: number;
  private readonly now: () => number;
  /** The authentication statement of each account source, built once. */
  private readonly statements = new Map<string, string | null>();

  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    options: SessionOptions = {},
  ) {
    this.idleMs = options.idleMs ?? IDLE_TIMEOUT_MS;
    this.writeEveryMs = Math.min(30_000, this.idleMs / 10);
    this.now = options.now ?? Date.now;
  }

  private async issue(q: Queryable, sessionId: string, owner: SessionOwner): Promise<TokenPair> {
    const refresh = newSecret();
    await q.query(
      `insert into refresh_tokens (token_hash, session_id, expires_at)
       values ($1::text, $2::text, now() + ($3::integer * interval '1 day'))`,
      [hashToken(refresh), sessionId, REFRESH_TTL_DAYS],
    );
    const access = this.tokens.sign({ src: owner.source, sub: owner.recordId, mid: owner.merchantId, sid: sessionId });
    return { access_token: access, refresh_token: refresh };
  }

  /** Starts a session for an account that just proved who it is with the password `passwordHash` checks. */
  start(owner: SessionOwner, passwordHash: string | null): Promise<TokenPair> {
    return this.db.transaction(async (tx) => {
      const id = newSecret();
      await tx.query(
        `insert into sessions (id, source, record_id, merchant_id, credential, last_seen_at)
         values ($1::text, $2::text, $3::integer, $4::integer, $5::text, $6::timestamptz)`,
        [id, owner.source, owner.recordId, owner.merchantId, credentialTag(passwordHash), this.isoNow()],
      );
      return this.issue(tx, id, owner);
    });
  }

  /** Swaps a refresh token for a new pair; null when it is unknown, expired, revoked, idle or reused. */
  async refresh(token: string): Promise<TokenPair | null> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<RefreshRow>(
        `select r.session_id, r.used_at, r.expires_at <= now() as expired, s.source, s.record_id, s.merchant_id, s.revoked_at,
                (extract(epoch from s.last_seen_at) * 1000)::float8 as seen, s.credential
         from refresh_tokens r join sessions s on s.id = r.session_id
         where r.token_hash = $1::text for update of r`,
        [hashToken(token)],
      );
      if (!row || row.revoked_at || row.expired) return null;
      if (row.used_at) {
        await this.revokeIn(tx, row.session_id);
        return null;
      }
      const identity = await loadIdentity(tx, row.source, row.record_id);
      if (!identity || !this.alive(Number(row.seen), row.credential, identity.passwordHash)) {
        await this.revokeIn(tx, row.session_id);
        return null;
      }
      await tx.query(`update refresh_tokens set used_at = now() where token_hash = $1::text`, [hashToken(token)]);
      await this.recordUse(tx, row.session_id, -Infinity);
      return this.issue(tx, row.session_id, {
        source: row.source,
        recordId: row.record_id,
        merchantId: row.merchant_id,
      });
    });
    return outcome;
  }

  /** Ends the session a refresh token belongs to; unknown tokens are ignored. */
  async revokeByRefreshToken(token: string): Promise<void> {
    await this.db.query(
      `update sessions set revoked_at = now() where revoked_at is null and id = (select session_id from refresh_tokens where token_hash = $1::text)`,
      [hashToken(token)],
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await this.revokeIn(this.db, sessionId);
  }

  /** Ends every session of an account (after its password changed), but `except` when given. */
  async revokeAll(q: Queryable, source: string, recordId: number, except: string | null = null): Promise<void> {
    await q.query(
      `update sessions set revoked_at = now()
        where revoked_at is null and source = $1::text and record_id = $2::integer and ($3::text is null or id <> $3::text)`,
      [source, recordId, except],
    );
  }

  /**
   * After the account changed its own password in session `sessionId`: every other session of
   * the account ends, and this one carries on under the new password.
   */
  async keepOnly(q: Queryable, owner: SessionOwner, sessionId: string, passwordHash: string | null): Promise<void> {
    await this.revokeAll(q, owner.source, owner.recordId, sessionId);
    await q.query(`update sessions set credential = $2::text where id = $1::text`, [
      sessionId,
      credentialTag(passwordHash),
    ]);
  }

  /**
   * The statement authenticating a request of an account of `source`, in one round trip: it reads
   * the account, judges its session (not revoked, used within the idle time-out, opened under the
   * account's present password), records the use when the stored one is older than the write
   * period, revokes a dead session for good, and reads the merchant. Parameters: session id,
   * account id, now, the idle cut-off and the write cut-off.
   */
  private statement(source: string): string | null {
    if (!this.statements.has(source)) {
      const account = identitySelect(source, '$2::integer');
      this.statements.set(
        source,
        account &&
          `with account as (${account}),
           session as (
             select s.id, s.last_seen_at > $4::timestamptz
                      and (s.credential is null or s.credential = ${CREDENTIAL_TAG_SQL('a.secret')}) as live
               from sessions s cross join account a
              where s.id = $1::text and s.revoked_at is null and s.source = '${source.replace(/'/g, "''")}'
                and s.record_id = $2::integer
           ),
           used as (
             update sessions u
                set last_seen_at = case when session.live then $3::timestamptz else u.last_seen_at end,
                    revoked_at = case when session.live then u.revoked_at else now() end
               from session
              -- Judged on the row as it is now: a sign-out committed meanwhile stays in force.
              where u.id = session.id and u.revoked_at is null
                and (not session.live or u.last_seen_at < $5::timestamptz)
             returning u.id
           )
           select a.*, session.live,
                  (select row_to_json(m) from (select ${MERCHANT_COLUMNS} from merchants where id = a.merchant_id) m)
                    as merchant
             from account a left join session on true`,
      );
    }
    return this.statements.get(source) ?? null;
  }

  /**
   * Authenticates a request bearing a valid access token with these claims: the session must be
   * live (a dead one is revoked for good), the account and its merchant must exist, and the
   * account must be active. A live session's use is recorded, so this request keeps it alive.
   * One database round trip.
   */
  async authenticate(claims: Pick<AccessClaims, 'src' | 'sub' | 'mid' | 'sid'>): Promise<Authentication> {
    const expired = { refused: 'app.auth.session_expired' } as const;
    const statement = this.statement(claims.src);
    if (!statement || !Number.isInteger(claims.sub)) return expired;
    const now = this.now();
    const [row] = await this.db.query<AuthenticationRow>(statement, [
      claims.sid,
      claims.sub,
      new Date(now).toISOString(),
      new Date(now - this.idleMs).toISOString(),
      new Date(now - this.writeEveryMs).toISOString(),
    ]);
    if (!row?.live || !row.merchant || row.merchant_id !== claims.mid) return expired;
    // A disabled account's sessions end at once; its refusal names the reason.
    if (!row.active) return { refused: 'app.auth.account_disabled' };
    return { identity: toIdentity(claims.src, claims.sub, row), merchant: toMerchant(row.merchant) };
  }

  private alive(storedSeen: number, credential: string | null, passwordHash: string | null) {
    // Sessions opened before credentials were recorded have none; the idle time-out still ends them.
    const samePassword = credential === null || credential === credentialTag(passwordHash);
    return this.now() - storedSeen < this.idleMs && samePassword;
  }

  /** Notes a use now; writes it when the stored one (`storedSeen`) is older than the write period. */
  private async recordUse(q: Queryable, sessionId: string, storedSeen: number): Promise<void> {
    const now = this.now();
    if (now - storedSeen < this.writeEveryMs) return;
    await q.query(
      `update sessions set last_seen_at = $2::timestamptz where id = $1::text and last_seen_at < $2::timestamptz`,
      [sessionId, new Date(now).toISOString()],
    );
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  private async revokeIn(q: Queryable, sessionId: string): Promise<void> {
    await q.query(`update sessions set revoked_at = now() where id = $1::text and revoked_at is null`, [sessionId]);
  }
}

/**
 * Disabling an account (its `active` set to false through the API) ends its sessions in the same
 * transaction: its refresh tokens stop working too, and enabling it again revives none of them.
 */
export function revokeSessionsOnDisable(effects: Effects, sessions: Sessions): void {
  for (const [source, entity] of Object.entries(entitySchemas)) {
    if (!canSignIn(source) || entity.properties.active?.type !== 'boolean') continue;
    effects.onUpdate(source, async ({ tx }, record, previous) => {
      if (record.active === false && previous.active !== false) await sessions.revokeAll(tx, source, Number(record.id));
    });
  }
}
