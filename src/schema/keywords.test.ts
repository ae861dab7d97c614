import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv';

const ajv = createAjv();
const check = (schema: object, data: unknown) => {
  const validate = ajv.compile(schema);
  return validate(data) ? [] : (validate.errors ?? []).map((error) => error.keyword);
};

describe('formats of SPEC §5', () => {
  const format = (name: string) => ({ type: 'string', format: name });

  it.each([
    ['0.001', true],
    ['12', true],
    ['12.5', true],
    ['12.500', true],
    ['12.5000', false],
    ['-1', false],
    ['1e3', false],
    ['', false],
    ['01.5', false],
  ])('kwd %j is %s', (value, ok) => {
    expect(check(format('kwd'), value).length === 0).toBe(ok);
  });

  it.each([
    ['96512345678', true],
    ['+96512345678', true],
    ['9651234567', false],
    ['965 1234 5678', false],
    ['abcdefghijk', false],
  ])('mobile %j is %s (at least 11 digits with country code)', (value, ok) => {
    expect(check(format('mobile'), value).length === 0).toBe(ok);
  });

  it.each([
    ['Demo@1234', true],
    ['aB3$xy', true],
    ['aB3$x', false],
    ['abcdef1$', false],
    ['ABCDEF1$', false],
    ['Abcdefg$', false],
    ['Abcdefg1', false],
  ])('strong-password %j is %s', (value, ok) => {
    expect(check(format('strong-password'), value).length === 0).toBe(ok);
  });

  it.each([
    ['a@b.co', true],
    ['a@b.co, c@d.kw', true],
    ['a@b.co,,c@d.kw', false],
    ['a@b.co; c@d.kw', false],
  ])('email-list %j is %s', (value, ok) => {
    expect(check(format('email-list'), value).length === 0).toBe(ok);
  });
});

describe('x-greaterThan', () => {
  const schema = {
    type: 'object',
    properties: {
      min: { type: 'string', format: 'kwd' },
      max: { type: 'string', format: 'kwd', 'x-greaterThan': { $data: '1/min' } },
      amount: { type: 'string', format: 'kwd', 'x-greaterThan': '0' },
    },
  };

  it('accepts a maximum above the minimum, compared exactly in fils', () => {
    expect(check(schema, { min: '10.999', max: '11' })).toEqual([]);
  });

  it('refuses a maximum equal to or below the minimum', () => {
    expect(check(schema, { min: '10.000', max: '10' })).toEqual(['x-greaterThan']);
    expect(check(schema, { min: '10', max: '9.999' })).toEqual(['x-greaterThan']);
  });

  it('skips the comparison when the minimum is absent', () => {
    expect(check(schema, { max: '5' })).toEqual([]);
  });

  it('compares with a constant', () => {
    expect(check(schema, { amount: '0.001' })).toEqual([]);
    expect(check(schema, { amount: '0.000' })).toEqual(['x-greaterThan']);
  });
});

describe('x-minSelected', () => {
  const schema = {
    type: 'object',
    'x-minSelected': 1,
    properties: { a: { type: 'array' }, b: { type: 'array' } },
  };

  it('counts selections across every array', () => {
    expect(check(schema, { a: [], b: ['x'] })).toEqual([]);
    expect(check(schema, { a: [], b: [] })).toEqual(['x-minSelected']);
    expect(check(schema, {})).toEqual(['x-minSelected']);
  });
});
