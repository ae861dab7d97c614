import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) as authenticator apps make them:
 * HMAC-SHA-1, 6 digits, 30-second steps, secrets written in base32 (RFC 4648, no padding).
 */

export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Steps either side of the current one still accepted, for clocks a little apart. */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not a base32 secret');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A fresh random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** HOTP value of `counter` (RFC 4226 §5.3), `digits` long with leading zeros. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The step (`T` of RFC 6238) that `timeMs` falls in. */
export const totpStep = (timeMs: number): number => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator shows for the base32 `secret` at `timeMs`. */
export function totp(secret: string, timeMs: number = Date.now()): string {
  return hotp(base32Decode(secret), totpStep(timeMs));
}

/**
 * The step whose code `code` is, within the window around `timeMs`, or null. Steps at or before
 * `after` are not accepted: a code that was used once cannot be used again (replay).
 */
export function matchTotp(secret: string, code: string, timeMs: number = Date.now(), after = -1): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(timeMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (step <= after) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** The `otpauth://` address an authenticator app reads (from a QR code or typed in). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
