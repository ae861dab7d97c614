import { decryptPayload, deriveKey, encryptPayload } from '../../shared/crypto';
import type { Merchant } from './merchants';

/**
 * Payload encryption with each merchant's own keys. Deriving a key costs an HKDF round, so keys are
 * kept per merchant; merchant keys never change once generated.
 */
export class MerchantCiphers {
  private readonly keys = new Map<number, Promise<CryptoKey>>();

  private keyFor(merchant: Merchant): Promise<CryptoKey> {
    let key = this.keys.get(merchant.id);
    if (!key) {
      key = deriveKey(merchant.secret_key, merchant.iv_key);
      this.keys.set(merchant.id, key);
    }
    return key;
  }

  async encrypt(merchant: Merchant, value: unknown): Promise<string> {
    return encryptPayload(await this.keyFor(merchant), value);
  }

  /** Throws PayloadDecryptionError when the data was not sealed with this merchant's keys. */
  async decrypt(merchant: Merchant, data: string): Promise<unknown> {
    return decryptPayload(await this.keyFor(merchant), data);
  }
}
