/**
 * Authenticated encryption of request payloads for endpoints marked `x-resource.encrypted`.
 *
 * Key: HKDF-SHA-256 over the merchant's secret key, salted with its IV key (both from `/keys`),
 * giving an AES-256-GCM key. Each message gets a fresh 12-byte nonce; the wire form is
 * base64url(nonce ‖ ciphertext ‖ tag). GCM's tag makes any change to the ciphertext fail to decrypt.
 * Runs on WebCrypto, so the browser and Node share this one implementation.
 */

const INFO = new TextEncoder().encode('bawaba/payload/v1');
const NONCE_BYTES = 12;

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

export async function deriveKey(secretKey: string, ivKey: string): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', new TextEncoder().encode(secretKey), 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode(ivKey), info: INFO },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Encrypts a JSON-serialisable value into the wire form. */
export async function encryptPayload(key: CryptoKey, value: unknown): Promise<string> {
  const nonce = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv: nonce }, key, plain));
  const wire = new Uint8Array(NONCE_BYTES + sealed.length);
  wire.set(nonce);
  wire.set(sealed, NONCE_BYTES);
  return toBase64Url(wire);
}

export class PayloadDecryptionError extends Error {
  constructor() {
    super('The encrypted payload could not be decrypted');
    this.name = 'PayloadDecryptionError';
  }
}

/** Decrypts the wire form; throws PayloadDecryptionError when it was tampered with or is malformed. */
export async function decryptPayload(key: CryptoKey, data: string): Promise<unknown> {
  try {
    const wire = fromBase64Url(data);
    if (wire.length <= NONCE_BYTES + 16) throw new PayloadDecryptionError();
    const plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: wire.slice(0, NONCE_BYTES) },
      key,
      wire.slice(NONCE_BYTES),
    );
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    throw new PayloadDecryptionError();
  }
}
