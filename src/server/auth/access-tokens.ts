import { createHmac, timingSafeEqual } from 'node:crypto';
import { toBase64Url } from '../../shared/crypto';

/**
 * Short-lived bearer tokens: a JWT-shaped `header.claims.signature` signed with HMAC-SHA256. They
 * name the session they belong to, so signing out or a detected refresh-token reuse ends them too.
 */

export interface AccessClaims {
  /** Where the account lives: `merchant` or the entity `$id` (`employee`). */
  src: string;
  /** Account id within `src`. */
  sub: number;
  /** Merchant the account belongs to. */
  mid: number;
  /** Session id. */
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = toBase64Url(new TextEncoder().encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
const encode = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** Node's own decoder, which skips what is not base64url; the pattern refuses such a part first. */
const decode = (part: string): Buffer => {
  if (!BASE64URL.test(part)) throw new Error('not base64url');
  return Buffer.from(part, 'base64url');
};

export class AccessTokens {
  constructor(
    private readonly secret: Buffer,
    readonly ttlSeconds = 15 * 60,
    private readonly now: () => number = Date.now,
  ) {}

  private signature(content: string): Buffer {
    return createHmac('sha256', this.secret).update(content).digest();
  }

  sign(claims: Omit<AccessClaims, 'iat' | 'exp'>): string {
    const iat = Math.floor(this.now() / 1000);
    const content = `${HEADER}.${encode({ ...claims, iat, exp: iat + this.ttlSeconds })}`;
    return `${content}.${toBase64Url(this.signature(content))}`;
  }

  /** The token's claims, or null when it is malformed, forged or expired. */
  verify(token: string): AccessClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return null;
    try {
      const given = decode(parts[2]);
      const expected = this.signature(`${parts[0]}.${parts[1]}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const claims = JSON.parse(decode(parts[1]).toString('utf8')) as AccessClaims;
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= this.now()) return null;
      return claims;
    } catch {
      return null;
    }
  }
}
