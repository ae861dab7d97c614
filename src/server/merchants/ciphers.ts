import { decryptPayload, deriveKey, encryptPayload } from '../../shared/crypto';
import type { Merchant } from './merchants';

/**
 * Payload encryption with each merchant's own keys. Deriving a key costs an HKDF round, so keys are
 * kept per merchant, with the keys they were derived from: regenerated keys replace them.
 */
export class MerchantCiphers {
  private readonly keys = new Map<number, { from: string; key: Promise<CryptoKey> }>();

  private keyFor(merchant: Merchant): Promise<CryptoKey> {
    const from = `${merchant.secret_key}:${merchant.iv_key}`;
    let kept = this.keys.get(merchant.id);
    if (kept?.from !== from) {
      kept = { from, key: deriveKey(merchant.secret_key, merchant.iv_key) };
      this.keys.set(merchant.id, kept);
    }
    return kept.key;
  }

  async encrypt(merchant: Merchant, value: unknown): Promise<string> {
    return encryptPayload(await this.keyFor(merchant), value);
  }

  /** Throws PayloadDecryptionError when the data was not sealed with this merchant's keys. */
  async decrypt(merchant: Merchant, data: string): Promise<unknown> {
    return decryptPayload(await this.keyFor(merchant), data);
  }
}
