import { describe, expect, it } from 'vitest';
import { sharedSerializers } from './serializers';

const record = () => ({
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
});

describe('shared response serialisers', () => {
  it('compiles equal schemas once, whichever route states them', () => {
    const compile = sharedSerializers()({}, {});
    const list = compile({ method: 'GET', url: '/v1/invoice/:id', httpStatus: '200', schema: record() });
    const created = compile({ method: 'POST', url: '/v1/invoice', httpStatus: '201', schema: record() });
    expect(created).toBe(list);
    expect(list({ id: 7, name: 'Salem', secret: 'x' })).toBe('{"id":7,"name":"Salem"}');
  });

  it('compiles a different schema on its own', () => {
    const compile = sharedSerializers()({}, {});
    const one = compile({ method: 'GET', url: '/a', httpStatus: '200', schema: record() });
    const other = compile({
      method: 'GET',
      url: '/b',
      httpStatus: '200',
      schema: { type: 'object', properties: { id: { type: 'string' } } },
    });
    expect(other).not.toBe(one);
    expect(other({ id: 7, name: 'Salem' })).toBe('{"id":"7"}');
  });
});
