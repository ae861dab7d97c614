import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { entitySchemas, getEntitySchema } from '../../schema/registry';
import type { Queryable } from '../db/database';
import { ident } from '../storage/columns';
import type { OwnRecords } from '../storage/own-records';
import { AccessTokens } from './access-tokens';
import { MERCHANT_SOURCE, type IdentityRef } from './identities';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

/**
 * TOTP two-factor of an account (`auth/totp`), kept in `two_factor`: secrets are sealed with
 * AES-256-GCM under a key derived from the server's token secret (never the merchant's own keys,
 * which the merchant can read), and are shown once, while being enrolled. The last step a code
 * was accepted for is kept, so no code works twice.
 *
 * Signing in with two-factor takes two calls; between them the client holds a challenge: a
 * short-lived token, signed with a key of its own so it can never pass for an access token.
 */

const CHALLENGE_SECONDS = 5 * 60;
const CHALLENGE_PURPOSE = 'two-factor';
const ISSUER = 'Bawaba';
/** The merchant's own-record field by which its admin requires two-factor of every employee. */
export const REQUIRE_EMPLOYEE_TWO_FACTOR = 'require_employee_two_factor';

const merchantEntity = () => getEntitySchema('merchant');

/**
 * The read-only property by which an account's own record shows whether it signs in with
 * two-factor (an employee's, for its admin's list and its reset); kept here, never written by a client.
 */
export const TWO_FACTOR_FLAG = 'two_factor_enabled';

export interface Enrolment {
  secret: string;
  otpauth_uri: string;
}

interface TwoFactorRow {
  secret: string | null;
  pending_secret: string | null;
  last_step: string | number | null;
}

export class TwoFactor {
  private readonly key: Buffer;
  private readonly challenges: AccessTokens;

  /**
   * @param own where the merchant's own record keeps whether its employees must use two-factor
   */
  constructor(
    serverSecret: Buffer,
    private readonly own: OwnRecords,
    private readonly now: () => number = Date.now,
  ) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'bawaba', info, 32));
    this.key = derive('two-factor/secret');
    this.challenges = new AccessTokens(derive('two-factor/challenge'), CHALLENGE_SECONDS, now);
  }

  private seal(secret: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64');
  }

  private open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  }

  private async row(q: Queryable, ref: IdentityRef, lock = false): Promise<TwoFactorRow | null> {
    const [row] = await q.query<TwoFactorRow & Record<string, unknown>>(
      `select secret, pending_secret, last_step from two_factor
        where source = $1::text and record_id = $2::integer${lock ? ' for update' : ''}`,
      [ref.source, ref.recordId],
    );
    return row ?? null;
  }

  async isEnabled(q: Queryable, ref: IdentityRef): Promise<boolean> {
    return Boolean((await this.row(q, ref))?.secret);
  }

  /**
   * Whether the account must use two-factor before it gets tokens: it has enrolled, or it is an
   * employee of a merchant that requires it. Call inside a transaction (the own record may be created).
   */
  async isRequired(q: Queryable, ref: IdentityRef): Promise<boolean> {
    return (await this.isEnabled(q, ref)) || (await this.requiredByMerchant(q, ref));
  }

  /** Whether the merchant requires two-factor of `ref` (an employee); admins choose for themselves. */
  async requiredByMerchant(q: Queryable, ref: IdentityRef): Promise<boolean> {
    if (ref.source === MERCHANT_SOURCE) return false;
    return (await this.merchantRequires(q, ref.merchantId)) === true;
  }

  async merchantRequires(q: Queryable, merchantId: number): Promise<boolean> {
    return (await this.own.read(q, merchantEntity(), merchantId))[REQUIRE_EMPLOYEE_TWO_FACTOR] === true;
  }

  /** Sets whether the merchant's employees must use two-factor. Call inside a transaction. */
  async setMerchantRequires(q: Queryable, merchantId: number, required: boolean): Promise<void> {
    const current = await this.own.read(q, merchantEntity(), merchantId);
    await this.own.replace(q, merchantEntity(), merchantId, current, { [REQUIRE_EMPLOYEE_TWO_FACTOR]: required });
  }

  /**
   * A new secret for the account to add to its authenticator; it takes effect once `confirm`ed
   * with a code. Null when two-factor is already on (turn it off first).
   */
  async startEnrolment(q: Queryable, ref: IdentityRef, account: string): Promise<Enrolment | null> {
    if (await this.isEnabled(q, ref)) return null;
    const secret = newTotpSecret();
    await q.query(
      `insert into two_factor (source, record_id, merchant_id, pending_secret) values ($1::text, $2::integer, $3::integer, $4::text)
       on conflict (source, record_id) do update set pending_secret = excluded.pending_secret`,
      [ref.source, ref.recordId, ref.merchantId, this.seal(secret)],
    );
    return { secret, otpauth_uri: otpauthUri(secret, account, ISSUER) };
  }

  /** Whether an enrolment is under way (a secret handed out, not yet confirmed). */
  async isEnrolling(q: Queryable, ref: IdentityRef): Promise<boolean> {
    const row = await this.row(q, ref);
    return Boolean(row?.pending_secret && !row.secret);
  }

  /** Sets the account record's `TWO_FACTOR_FLAG`, where its entity has one. */
  private async flag(q: Queryable, ref: IdentityRef, enabled: boolean): Promise<void> {
    const entity = ref.source === MERCHANT_SOURCE ? null : entitySchemas[ref.source];
    if (entity?.properties[TWO_FACTOR_FLAG]?.type !== 'boolean') return;
    await q.query(
      `update ${ident(entity['x-resource'].table)} set ${ident(TWO_FACTOR_FLAG)} = $3::boolean
        where id = $1::integer and merchant_id = $2::integer`,
      [ref.recordId, ref.merchantId, enabled],
    );
  }

  /** Turns two-factor on when `code` is right for the secret being enrolled. */
  async confirm(q: Queryable, ref: IdentityRef, code: string): Promise<boolean> {
    const row = await this.row(q, ref, true);
    if (!row?.pending_secret || row.secret) return false;
    const step = matchTotp(this.open(row.pending_secret), code, this.now());
    if (step === null) return false;
    await q.query(
      `update two_factor set secret = pending_secret, pending_secret = null, enabled_at = now(), last_step = $3::bigint
        where source = $1::text and record_id = $2::integer`,
      [ref.source, ref.recordId, step],
    );
    await this.flag(q, ref, true);
    return true;
  }

  /** Whether `code` is right now for the account's secret and was not used before (it then is). */
  async verify(q: Queryable, ref: IdentityRef, code: string): Promise<boolean> {
    const row = await this.row(q, ref, true);
    if (!row?.secret) return false;
    const step = matchTotp(
      this.open(row.secret),
      code,
      this.now(),
      row.last_step === null ? -1 : Number(row.last_step),
    );
    if (step === null) return false;
    // Conditional, so of two requests with the same code at once only one wins.
    const updated = await q.query(
      `update two_factor set last_step = $3::bigint
        where source = $1::text and record_id = $2::integer and (last_step is null or last_step < $3::bigint)
       returning 1 as done`,
      [ref.source, ref.recordId, step],
    );
    return updated.length === 1;
  }

  /** Turns two-factor off (and forgets any enrolment under way). */
  async disable(q: Queryable, ref: IdentityRef): Promise<void> {
    await q.query(`delete from two_factor where source = $1::text and record_id = $2::integer`, [
      ref.source,
      ref.recordId,
    ]);
    await this.flag(q, ref, false);
  }

  /** The challenge for an account whose password was right and whose code is still to come. */
  challenge(ref: IdentityRef): string {
    return this.challenges.sign({ src: ref.source, sub: ref.recordId, mid: ref.merchantId, sid: CHALLENGE_PURPOSE });
  }

  /** The account a challenge was issued for, or null when it is forged or expired. */
  readChallenge(challenge: string): IdentityRef | null {
    const claims = this.challenges.verify(challenge);
    if (!claims || claims.sid !== CHALLENGE_PURPOSE) return null;
    return { source: claims.src, recordId: claims.sub, merchantId: claims.mid };
  }
}
