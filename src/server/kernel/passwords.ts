import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password (and secret code) hashing with scrypt from node:crypto. Stored form:
 * `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`, so the cost can be raised later without breaking
 * existing hashes.
 */

const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a secret with a fresh random salt. */
export async function hashPassword(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Stands in for a missing account so a wrong e-mail costs as much time as a wrong password. */
let decoy: Promise<string> | undefined;

/**
 * Compares a secret with a stored hash in constant time. A missing or malformed hash still costs a
 * full derivation and returns false, so timing does not tell whether an account exists.
 */
export async function verifyPassword(secret: string, stored: string | null | undefined): Promise<boolean> {
  const parts = typeof stored === 'string' ? stored.split('$') : [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    decoy ??= hashPassword('decoy');
    await verifyPassword(secret, await decoy);
    return false;
  }
  const [, N, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
