import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-tokens';

const secret = Buffer.alloc(32, 7);
const claims = { src: 'merchant', sub: 4, mid: 4, sid: 'session-1' };

describe('access tokens', () => {
  it('give back the claims they were signed with', () => {
    const tokens = new AccessTokens(secret, 60, () => 1_700_000_000_000);
    expect(tokens.verify(tokens.sign(claims))).toMatchObject({ ...claims, exp: 1_700_000_060 });
  });

  it('refuse changed claims, another secret, stray characters and a missing part', () => {
    const tokens = new AccessTokens(secret);
    const [header, body, signature] = tokens.sign(claims).split('.');
    const otherBody = Buffer.from(JSON.stringify({ ...claims, sub: 5 })).toString('base64url');
    const refused = [
      `${header}.${otherBody}.${signature}`,
      new AccessTokens(Buffer.alloc(32, 8)).sign(claims),
      `${header}.${body}.${signature}=`,
      `${header}.${body}.${signature.slice(0, 10)}+${signature.slice(11)}`,
      `${header}.${body}`,
      'garbage',
    ];
    for (const token of refused) expect(tokens.verify(token)).toBeNull();
  });

  it('end when their time is up', () => {
    let now = 1_700_000_000_000;
    const tokens = new AccessTokens(secret, 60, () => now);
    const token = tokens.sign(claims);
    now += 59_000;
    expect(tokens.verify(token)).not.toBeNull();
    now += 1_000;
    expect(tokens.verify(token)).toBeNull();
  });
});
