import { describe, expect, it } from 'vitest';
import { proxyTrust, readConfig } from './config';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    for (const value of [undefined, '', '0', 'false']) expect(proxyTrust(value)).toBe(false);
    expect(readConfig({}).trustProxy).toBe(false);
  });

  it('trusts one load balancer for `1` or `true`, never every hop', () => {
    expect(proxyTrust('1')).toBe(1);
    expect(proxyTrust('true')).toBe(1);
    expect(proxyTrust('2')).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  });

  it('takes a list of proxy addresses and ranges as given', () => {
    expect(proxyTrust('10.0.0.0/8, 192.0.2.1')).toBe('10.0.0.0/8, 192.0.2.1');
  });
});

describe('SANDBOX_CLOCK', () => {
  it('is off unless turned on', () => {
    expect(readConfig({}).sandboxClock).toBe(false);
    expect(readConfig({ SANDBOX_CLOCK: '0' }).sandboxClock).toBe(false);
    expect(readConfig({ SANDBOX_CLOCK: '1' }).sandboxClock).toBe(true);
    expect(readConfig({ SANDBOX_CLOCK: 'true' }).sandboxClock).toBe(true);
  });

  it('is refused in production', () => {
    expect(() => readConfig({ SANDBOX_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/production/);
    expect(readConfig({ NODE_ENV: 'production' }).sandboxClock).toBe(false);
  });
});
