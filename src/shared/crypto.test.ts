import { describe, expect, it } from 'vitest';
import {
  decryptPayload,
  deriveKey,
  encryptPayload,
  fromBase64Url,
  PayloadDecryptionError,
  toBase64Url,
} from './crypto';

describe('payload encryption', () => {
  it('round-trips a payload with the merchant keys', async () => {
    const key = await deriveKey('secret-key-of-merchant', 'iv-key-of-merchant');
    const data = await encryptPayload(key, { name: 'سارة', amount: '12.500' });
    expect(await decryptPayload(key, data)).toEqual({ name: 'سارة', amount: '12.500' });
  });

  it('uses a fresh nonce for every message', async () => {
    const key = await deriveKey('s', 'i');
    expect(await encryptPayload(key, 1)).not.toBe(await encryptPayload(key, 1));
  });

  it('rejects a tampered ciphertext', async () => {
    const key = await deriveKey('s', 'i');
    const wire = fromBase64Url(await encryptPayload(key, { a: 1 }));
    wire[wire.length - 1] ^= 1;
    await expect(decryptPayload(key, toBase64Url(wire))).rejects.toBeInstanceOf(PayloadDecryptionError);
  });

  it('rejects another merchant key and malformed input', async () => {
    const data = await encryptPayload(await deriveKey('s', 'i'), { a: 1 });
    await expect(decryptPayload(await deriveKey('other', 'i'), data)).rejects.toBeInstanceOf(PayloadDecryptionError);
    const key = await deriveKey('s', 'i');
    await expect(decryptPayload(key, 'not*base64')).rejects.toBeInstanceOf(PayloadDecryptionError);
    await expect(decryptPayload(key, '')).rejects.toBeInstanceOf(PayloadDecryptionError);
  });
});
