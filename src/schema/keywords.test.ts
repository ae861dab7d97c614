import { afterEach, describe, expect, it } from 'vitest';
import { createAjv } from './ajv';
import { setClock } from './calendar';
import { messageFor } from './errors';
import { PERIOD_LENGTHS } from './keywords';
import type { EntitySchema } from './types';

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
    ['a@b.co, c@d_e.kw', false],
    ['a@b.co, c@-d.kw', false],
  ])('email-list %j is %s', (value, ok) => {
    expect(check(format('email-list'), value).length === 0).toBe(ok);
  });

  it.each(['ops@alnoor.com.kw', 'first.last+tag@mail.example', 'c@d_e.kw', 'c@-d.kw', 'a b@c.kw', 'a@b', '@b.kw'])(
    'email-list takes %j as an email field does',
    (address) => {
      const asEmail = check(format('email'), address).length === 0;
      expect(check(format('email-list'), address).length === 0).toBe(asEmail);
      expect(check(format('email-list'), `a@b.co, ${address}`).length === 0).toBe(asEmail);
    },
  );
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

describe('x-atMost', () => {
  const schema = {
    type: 'object',
    properties: {
      pending: { type: 'string', format: 'kwd' },
      refund: { type: 'string', format: 'kwd', 'x-atMost': { $data: '1/pending' } },
      capture: { type: 'string', format: 'kwd', 'x-atMost': '250' },
    },
  };

  it('accepts an amount up to and including the sibling, compared exactly in fils', () => {
    expect(check(schema, { pending: '12.500', refund: '12.499' })).toEqual([]);
    expect(check(schema, { pending: '12.500', refund: '12.5' })).toEqual([]);
  });

  it('refuses an amount above the sibling by one fils, naming the limit', () => {
    const validate = ajv.compile(schema);
    expect(validate({ pending: '12.5', refund: '12.501' })).toBe(false);
    expect(validate.errors).toMatchObject([
      { keyword: 'x-atMost', instancePath: '/refund', params: { limit: '12.500' } },
    ]);
  });

  it('skips the comparison when the sibling is absent', () => {
    expect(check(schema, { refund: '99' })).toEqual([]);
  });

  it('compares with a constant', () => {
    expect(check(schema, { capture: '250.000' })).toEqual([]);
    expect(check(schema, { capture: '250.001' })).toEqual(['x-atMost']);
  });

  it('refuses a constant that is not an amount when the schema is compiled', () => {
    expect(() => ajv.compile({ type: 'string', 'x-atMost': 'ten' })).toThrow();
  });
});

describe('date rules', () => {
  afterEach(() => setClock());

  describe('x-dateRange', () => {
    const schema = {
      type: 'object',
      'x-dateRange': { from: 'start_date', to: 'end_date', maxMonths: 6 },
      properties: { start_date: { type: 'string', format: 'date' }, end_date: { type: 'string', format: 'date' } },
    };
    const days = {
      type: 'object',
      'x-dateRange': { from: 'from', to: 'to', maxDays: 7 },
      properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    };

    it('accepts an end on the start day or up to six calendar months later', () => {
      expect(check(schema, { start_date: '2025-01-15', end_date: '2025-01-15' })).toEqual([]);
      expect(check(schema, { start_date: '2025-01-15', end_date: '2025-07-15' })).toEqual([]);
      // 31 August plus six months is the last day of February.
      expect(check(schema, { start_date: '2024-08-31', end_date: '2025-02-28' })).toEqual([]);
    });

    it('refuses an end before the start or past the limit, on the end date field', () => {
      const validate = ajv.compile(schema);
      expect(validate({ start_date: '2025-01-15', end_date: '2025-01-14' })).toBe(false);
      expect(validate.errors).toMatchObject([{ keyword: 'x-dateRange', instancePath: '/end_date' }]);
      expect(validate({ start_date: '2025-01-15', end_date: '2025-07-16' })).toBe(false);
      expect(validate.errors).toMatchObject([
        { keyword: 'x-dateRange', instancePath: '/end_date', params: { smart_count: 6, limit: '2025-07-15' } },
      ]);
      expect(check(schema, { start_date: '2024-08-31', end_date: '2025-03-01' })).toEqual(['x-dateRange']);
    });

    it('reports on the nested field of a nested object', () => {
      const validate = ajv.compile({ type: 'object', properties: { period: schema } });
      expect(validate({ period: { start_date: '2025-02-01', end_date: '2025-01-01' } })).toBe(false);
      expect(validate.errors?.[0].instancePath).toBe('/period/end_date');
    });

    it('counts days when the limit is in days', () => {
      expect(check(days, { from: '2025-02-25', to: '2025-03-04' })).toEqual([]);
      const validate = ajv.compile(days);
      expect(validate({ from: '2025-02-25', to: '2025-03-05' })).toBe(false);
      expect(validate.errors?.[0].params).toMatchObject({ smart_count: 7, limit: '2025-03-04', variant: 'days' });
    });

    it('checks only the order when no limit is given', () => {
      const order = { type: 'object', 'x-dateRange': { from: 'from', to: 'to' } };
      expect(check(order, { from: '2025-01-01', to: '2099-01-01' })).toEqual([]);
      const validate = ajv.compile(order);
      expect(validate({ from: '2025-01-02', to: '2025-01-01' })).toBe(false);
      expect(validate.errors?.[0].params).toMatchObject({ variant: 'order' });
    });

    it('leaves a missing or malformed date to required and format', () => {
      expect(check(schema, { end_date: '2020-01-01' })).toEqual([]);
      expect(check(schema, { start_date: '2025-01-15', end_date: '15/01/2025' })).toEqual(['format']);
    });

    it('refuses a rule that names no fields when the schema is compiled', () => {
      expect(() => ajv.compile({ type: 'object', 'x-dateRange': { maxMonths: 6 } })).toThrow();
    });
  });

  describe('x-minMonthsAhead', () => {
    const schema = { type: 'string', format: 'date', 'x-minMonthsAhead': 4 };

    it('accepts a date at least four calendar months after today (UTC)', () => {
      setClock(() => new Date('2025-10-31T23:30:00Z'));
      expect(check(schema, '2026-02-28')).toEqual([]);
      expect(check(schema, '2027-01-01')).toEqual([]);
    });

    it('refuses a date a day short, saying which date is the first allowed', () => {
      setClock(() => new Date('2025-06-15T08:00:00Z'));
      const validate = ajv.compile(schema);
      expect(validate('2025-10-14')).toBe(false);
      expect(validate.errors).toMatchObject([
        { keyword: 'x-minMonthsAhead', params: { smart_count: 4, limit: '2025-10-15' } },
      ]);
      expect(check(schema, '2025-10-15')).toEqual([]);
    });

    it('reads the real date by default', () => {
      const soon = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(check(schema, soon)).toEqual(['x-minMonthsAhead']);
    });
  });

  describe('x-period', () => {
    const frequency = { type: 'string', enum: Object.keys(PERIOD_LENGTHS) };
    const schema = {
      type: 'object',
      'x-period': { start: 'start_date', count: 'number_of_periods', frequency: 'frequency', maxMonths: 12 },
      properties: {
        start_date: { type: 'string', format: 'date' },
        number_of_periods: { type: 'integer', minimum: 1 },
        frequency,
      },
    };
    const plan = (frequency: string, number_of_periods: number, start_date?: string) => ({
      frequency,
      number_of_periods,
      ...(start_date ? { start_date } : {}),
    });
    it.each([
      ['monthly', 12],
      ['quarterly', 4],
      ['half_yearly', 2],
      ['yearly', 1],
      ['weekly', 52],
      ['daily', 365],
      ['hourly', 8760],
      ['on_demand', 500],
    ])('accepts %s × %i from 1 January (ends within a year)', (every, count) => {
      expect(check(schema, plan(every, count, '2025-01-01'))).toEqual([]);
    });

    it.each([
      ['monthly', 13],
      ['quarterly', 5],
      ['half_yearly', 3],
      ['yearly', 2],
      ['weekly', 53],
      ['daily', 366],
      ['hourly', 8761],
    ])('refuses %s × %i, on the start date', (every, count) => {
      const validate = ajv.compile(schema);
      expect(validate(plan(every, count, '2025-01-01'))).toBe(false);
      expect(validate.errors).toMatchObject([
        { keyword: 'x-period', instancePath: '/start_date', params: { count: 12, limit: '2026-01-01' } },
      ]);
    });

    it('counts from today when no start date is given, reporting on the number of periods', () => {
      setClock(() => new Date('2024-03-01T00:00:00Z'));
      // 2024-03-01 plus 366 days is 2025-03-02, a day past the year.
      expect(check(schema, plan('daily', 365))).toEqual([]);
      const validate = ajv.compile(schema);
      expect(validate(plan('daily', 366))).toBe(false);
      expect(validate.errors?.[0].instancePath).toBe('/number_of_periods');
    });

    it('refuses a schema whose frequencies it cannot measure', () => {
      const odd = { ...schema, properties: { ...schema.properties, frequency: { enum: ['monthly', 'fortnightly'] } } };
      expect(() => ajv.compile(odd)).toThrow(/fortnightly/);
    });
  });
});

describe('messages of rules', () => {
  const entity = {
    $id: 'booking',
    title: 'Booking',
    type: 'object',
    'x-resource': { table: 'bookings', endpoint: '/bookings', routes: { list: '/bookings' } },
    'x-list': { columns: [], filters: [], sort: ['id', 'ASC'] },
    'x-dateRange': { from: 'start_date', to: 'end_date', maxMonths: 6 },
    'x-messages': { 'x-dateRange': 'validation.booking_too_long' },
    properties: {
      start_date: { type: 'string', format: 'date' },
      end_date: { type: 'string', format: 'date' },
      units: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string', 'x-messages': { minLength: 'validation.unit' } } },
        },
      },
    },
  } as EntitySchema;

  it('takes the message of an object rule from the object when its field names none', () => {
    expect(messageFor(entity, { path: ['end_date'], keyword: 'x-dateRange', params: {} })).toMatchObject({
      field: 'end_date',
      key: 'validation.booking_too_long',
    });
    expect(messageFor(entity, { path: ['start_date'], keyword: 'format', params: {} }).key).toBe(
      'validation.format.date',
    );
  });

  it('names the default message of a variant', () => {
    const plain = { ...entity, 'x-messages': undefined } as EntitySchema;
    const error = { path: ['end_date'], keyword: 'x-dateRange', params: { variant: 'days' } };
    expect(messageFor(plain, error).key).toBe('validation.x-dateRange_days');
    expect(messageFor(plain, { ...error, params: {} }).key).toBe('validation.x-dateRange');
  });

  it('finds the message of a field inside array items', () => {
    expect(messageFor(entity, { path: ['units', '0', 'name'], keyword: 'minLength', params: {} })).toMatchObject({
      field: 'units.name',
      key: 'validation.unit',
    });
  });
});
