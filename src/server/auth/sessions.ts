import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import type { AccessTokens } from './access-tokens';

/**
 * Sign-in sessions and their rotating refresh tokens. Each refresh token works once and is
 * replaced by a new one; presenting a used token again means it was stolen (or replayed), so the
 * whole session — every token descended from that sign-in — is revoked.
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

const REFRESH_TTL_DAYS = 7;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

interface RefreshRow extends Record<string, unknown> {
  session_id: string;
  source: string;
  record_id: number;
  merchant_id: number;
  used_at: string | null;
  expired: boolean;
  revoked_at: string | null;
}

export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
  ) {}

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

  /** Starts a session for an account that just proved who it is. */
  start(owner: SessionOwner): Promise<TokenPair> {
    return this.db.transaction(async (tx) => {
      const id = newSecret();
      await tx.query(
        `insert into sessions (id, source, record_id, merchant_id) values ($1::text, $2::text, $3::integer, $4::integer)`,
        [id, owner.source, owner.recordId, owner.merchantId],
      );
      return this.issue(tx, id, owner);
    });
  }

  /** Swaps a refresh token for a new pair; null when it is unknown, expired, revoked or reused. */
  async refresh(token: string): Promise<TokenPair | null> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<RefreshRow>(
        `select r.session_id, r.used_at, r.expires_at <= now() as expired, s.source, s.record_id, s.merchant_id, s.revoked_at
         from refresh_tokens r join sessions s on s.id = r.session_id
         where r.token_hash = $1::text for update of r`,
        [hashToken(token)],
      );
      if (!row || row.revoked_at || row.expired) return null;
      if (row.used_at) {
        await this.revokeIn(tx, row.session_id);
        return null;
      }
      await tx.query(`update refresh_tokens set used_at = now() where token_hash = $1::text`, [hashToken(token)]);
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

  /** Ends every session of an account (after its password changed). */
  async revokeAll(q: Queryable, source: string, recordId: number): Promise<void> {
    await q.query(
      `update sessions set revoked_at = now() where revoked_at is null and source = $1::text and record_id = $2::integer`,
      [source, recordId],
    );
  }

  async isActive(sessionId: string): Promise<boolean> {
    const [row] = await this.db.query(`select 1 from sessions where id = $1::text and revoked_at is null`, [sessionId]);
    return Boolean(row);
  }

  private async revokeIn(q: Queryable, sessionId: string): Promise<void> {
    await q.query(`update sessions set revoked_at = now() where id = $1::text and revoked_at is null`, [sessionId]);
  }
}
