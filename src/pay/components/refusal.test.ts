import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/context';
import { english } from '../i18n/messages';
import { refusalOf } from './refusal';

const t = translator(english, 'en');
const field = (path: string) => (path === 'customer.mobile' ? 'mobile' : null);

describe("a refused payer form's answer", () => {
  it('puts the messages it can at their fields and none above the button', () => {
    const shown = refusalOf(
      { kind: 'error', status: 400, message: 'Check the form', errors: { 'customer.mobile': 'Mobile is invalid' } },
      field,
      t,
    );
    expect(shown).toEqual({ fields: { mobile: 'Mobile is invalid' }, alert: null, failed: null });
  });

  it('shows above the button a message no field took, or the server message when none did', () => {
    expect(
      refusalOf({ kind: 'error', status: 400, message: 'No', errors: { card: 'Card refused' } }, field, t).alert,
    ).toBe('Card refused');
    expect(refusalOf({ kind: 'error', status: 429, message: 'Too many tries', errors: {} }, field, t).alert).toBe(
      'Too many tries',
    );
  });

  it("says a lost connection and a server failure in the payer's words, not the server's", () => {
    expect(refusalOf({ kind: 'network' }, field, t)).toEqual({
      fields: {},
      alert: t('error.network'),
      failed: 'network',
    });
    const failed = refusalOf({ kind: 'error', status: 500, message: 'stack trace', errors: {} }, field, t);
    expect(failed).toEqual({ fields: {}, alert: t('error.generic'), failed: 'server' });
  });
});
