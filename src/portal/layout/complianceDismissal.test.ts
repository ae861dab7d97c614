// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { flaggedKeys, isDismissed, readDismissed, writeDismissed } from './complianceDismissal';

afterEach(() => localStorage.clear());

describe('dismissing the compliance banner', () => {
  const licence = { id: 4, expiry_date: '2026-12-01', verification_status: 'approved' };
  const passport = { id: 9, expiry_date: '2026-12-20', verification_status: 'pending' };

  it('stays dismissed while the same documents are flagged', () => {
    const dismissed = flaggedKeys([licence, passport]);
    expect(isDismissed(flaggedKeys([passport, licence]), dismissed)).toBe(true);
    expect(isDismissed(flaggedKeys([licence]), dismissed)).toBe(true);
  });

  it('is not dismissed before the flagged documents are known', () => {
    expect(isDismissed([], [])).toBe(false);
  });

  it('comes back when another document is flagged', () => {
    const dismissed = flaggedKeys([licence]);
    expect(isDismissed(flaggedKeys([licence, passport]), dismissed)).toBe(false);
  });

  it('comes back when a renewed document nears its new expiry date or is rejected', () => {
    const dismissed = flaggedKeys([licence]);
    expect(isDismissed(flaggedKeys([{ ...licence, expiry_date: '2027-12-01' }]), dismissed)).toBe(false);
    expect(isDismissed(flaggedKeys([{ ...licence, verification_status: 'rejected' }]), dismissed)).toBe(false);
  });

  it('is remembered on this device', () => {
    expect(readDismissed()).toEqual([]);
    writeDismissed(flaggedKeys([licence]));
    expect(readDismissed()).toEqual(['4:2026-12-01:approved']);
    localStorage.setItem('bawaba.compliance_banner.dismissed', '{broken');
    expect(readDismissed()).toEqual([]);
  });
});
