import { describe, expect, it } from 'vitest';
import { entitySchemas } from './registry';
import { confirmEmptyQuestion, confirmEmptySettings } from './confirmEmpty';

describe('the question of an x-confirmEmpty hint', () => {
  it('is always asked in its plain form', () => {
    expect(confirmEmptyQuestion('app.ask', undefined)).toBe('app.ask');
    expect(confirmEmptyQuestion('app.ask', { ask: false })).toBe('app.ask');
  });

  it('is asked only when the merchant setting it names is on', () => {
    const hint = { message: 'app.ask', when: 'ask' };
    expect(confirmEmptyQuestion(hint, { ask: true })).toBe('app.ask');
    expect(confirmEmptyQuestion(hint, { ask: false })).toBeUndefined();
    expect(confirmEmptyQuestion(hint, {})).toBeUndefined();
    expect(confirmEmptyQuestion(hint, undefined)).toBeUndefined();
  });

  it("names the merchant settings the product's forms consult", () => {
    expect(confirmEmptySettings(Object.values(entitySchemas))).toEqual(['ask_invoice_number']);
  });
});
