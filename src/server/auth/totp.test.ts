import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totp } from './totp';

/** The shared secret of the RFC 4226 and RFC 6238 (SHA-1) test vectors. */
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('HOTP (RFC 4226, appendix D)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('TOTP with SHA-1 (RFC 6238, appendix B)', () => {
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('at %i s the 8-digit code is %s, and the 6-digit one its last six digits', (seconds, code) => {
    expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
    expect(totp(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
  });
});

describe('base32', () => {
  it('round-trips and reads the RFC 4648 examples', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(() => base32Decode('MZ1W')).toThrow();
  });

  it('makes 160-bit secrets, each new', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });
});

describe('matching a code', () => {
  const now = 1_700_000_000_000;
  const step = Math.floor(now / 30_000);

  it('accepts the current step and one either side, nothing further', () => {
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totp(RFC_SECRET, now + 60_000), now)).toBeNull();
  });

  it('refuses a step already used, and anything that is not six digits', () => {
    const code = totp(RFC_SECRET, now);
    expect(matchTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, code, now, step - 1)).toBe(step);
    expect(matchTotp(RFC_SECRET, `${code}0`, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });
});

describe('otpauth URI', () => {
  it('names the issuer and account and carries the parameters', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'merchant@demo.test', 'Bawaba')).toBe(
      'otpauth://totp/Bawaba%3Amerchant%40demo.test?secret=JBSWY3DPEHPK3PXP&issuer=Bawaba&algorithm=SHA1&digits=6&period=30',
    );
  });
});
