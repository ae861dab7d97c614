import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * A request without a body is served whatever Content-Type it declares (ra-data-simple-rest sends
 * `text/plain` with every DELETE); a body of a type the API does not speak is still refused (415).
 */

const invoice = { customer_name: 'Huda Al-Enezi', mobile: '96550003333', amount: '4.000' };

describe.each(DRIVERS)('requests without a body (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
  });
  afterAll(() => server?.close());

  const created = async () => (await merchant.post('/v1/invoice', invoice)).json<{ id: number }>().id;

  it('deletes with any Content-Type when nothing is sent', async () => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/xml', 'application/json']) {
      const id = await created();
      const response = await merchant.delete(`/v1/invoice/${id}`, { headers: { 'content-type': type } });
      expect(response.statusCode, type).toBe(200);
      expect(response.json()).toMatchObject({ id });
    }
  });

  it('runs an action posted without a body whatever its Content-Type', async () => {
    const id = await created();
    const response = await merchant.request('POST', `/v1/invoice/${id}/cancel`, {
      headers: { 'content-type': 'text/plain', 'content-length': '0' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'cancelled' });
  });

  it('still refuses a body it does not speak, and answers a write sent empty as invalid', async () => {
    const id = await created();
    const text = await merchant.request('DELETE', `/v1/invoice/${id}`, {
      body: 'please',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Unsupported content type' });
    expect((await merchant.get(`/v1/invoice/${id}`)).statusCode).toBe(200);

    const empty = await merchant.request('PUT', `/v1/invoice/${id}`, { headers: { 'content-type': 'text/plain' } });
    expect(empty.statusCode).toBe(400);
  });
});
