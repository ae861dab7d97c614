import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../shared/pay';
import { payableFixture } from '../testPay';
import { amountValid, expiryProblem, fieldOfServerError, paymentProblems, type PaymentValues } from './checks';
import { paymentRequest } from './request';

/** The checks of the payment form before anything is sent, and the request it sends. */

const NOW = new Date(2026, 10, 21);

const values = (overrides: Partial<PaymentValues> = {}): PaymentValues => ({
  method: 'card',
  card: { number: '4111 1111 1111 1111', expiry: '11/26', cvv: '123', holder: 'Fatima Ali' },
  amount: '',
  fields: {},
  payer: {},
  ...overrides,
});

describe('card checks', () => {
  it('accept the test cards and a card valid this month', () => {
    for (const number of Object.values(TEST_CARDS))
      expect(paymentProblems(payableFixture(), values({ card: { ...values().card, number } }), NOW)).toEqual({});
  });

  it('name each bad field', () => {
    const card = { number: '4111 1111 1111 1112', expiry: '10/26', cvv: '12a', holder: ' ' };
    expect(paymentProblems(payableFixture(), values({ card }), NOW)).toEqual({
      number: { key: 'error.card_number' },
      expiry: { key: 'error.card_expired' },
      cvv: { key: 'error.cvv' },
      holder: { key: 'error.required' },
    });
  });

  it('read MM/YY', () => {
    expect(expiryProblem('00/30', NOW)).toEqual({ key: 'error.expiry' });
    expect(expiryProblem('13/30', NOW)).toEqual({ key: 'error.expiry' });
    expect(expiryProblem('1230', NOW)).toEqual({ key: 'error.expiry' });
    expect(expiryProblem('12/25', NOW)).toEqual({ key: 'error.card_expired' });
    expect(expiryProblem('01/27', NOW)).toBeNull();
  });

  it('are not made for wallets and cash', () => {
    const empty = { number: '', expiry: '', cvv: '', holder: '' };
    expect(paymentProblems(payableFixture(), values({ method: 'apple_pay', card: empty }), NOW)).toEqual({});
    expect(paymentProblems(payableFixture(), values({ method: 'cash', card: empty }), NOW)).toEqual({});
  });
});

describe('open amounts and fields', () => {
  const open = payableFixture({
    kind: 'open',
    amount: null,
    min_amount: '1.000',
    max_amount: '50.000',
    fields: [
      { name: 'Civil ID', required: true, characters: 12 },
      { name: 'Note', required: false, characters: null },
    ],
  });

  it('an amount is a KWD amount above zero within the bounds', () => {
    expect(amountValid('1', '1.000', '50.000')).toBe(true);
    expect(amountValid('50.000', '1.000', '50.000')).toBe(true);
    expect(amountValid('50.001', '1.000', '50.000')).toBe(false);
    expect(amountValid('0.999', '1.000', null)).toBe(false);
    expect(amountValid('0', null, null)).toBe(false);
    expect(amountValid('1.0005', null, null)).toBe(false);
    expect(amountValid('abc', null, null)).toBe(false);
    expect(amountValid('99999', null, null)).toBe(true);
  });

  it('say "Enter valid amount", a missing required field and a too long one', () => {
    const problems = paymentProblems(open, values({ amount: '70', fields: { Note: 'x'.repeat(201) } }), NOW);
    expect(problems).toEqual({
      amount: { key: 'error.amount' },
      'field:Civil ID': { key: 'error.required' },
      'field:Note': { key: 'error.too_long', params: { smart_count: 200 } },
    });
  });

  it('send the amount with three decimals, the filled fields and the payer', () => {
    const request = paymentRequest(
      open,
      values({
        amount: '7.5',
        fields: { 'Civil ID': ' 290010112345 ', Note: '' },
        payer: { email: 'a@b.co', name: ' ' },
      }),
      true,
    );
    expect(request).toEqual({
      method: 'card',
      amount: '7.500',
      card: { number: '4111111111111111', expiry: '11/26', cvv: '123', holder: 'Fatima Ali' },
      fields: { 'Civil ID': '290010112345' },
      payer: { email: 'a@b.co' },
      continue_in_flight: true,
    });
  });

  it('a fixed-amount invoice sends neither amount nor fields', () => {
    expect(paymentRequest(payableFixture(), values({ method: 'cash', amount: '3' }), false)).toEqual({
      method: 'cash',
    });
  });
});

describe('server field errors', () => {
  it('land under the field they name', () => {
    expect(fieldOfServerError('card.number')).toBe('number');
    expect(fieldOfServerError('card/expiry')).toBe('expiry');
    expect(fieldOfServerError('amount')).toBe('amount');
    expect(fieldOfServerError('fields.Civil ID')).toBe('field:Civil ID');
    expect(fieldOfServerError('payer.email')).toBe('payer:email');
    expect(fieldOfServerError('card')).toBeNull();
    expect(fieldOfServerError('method')).toBeNull();
  });
});
