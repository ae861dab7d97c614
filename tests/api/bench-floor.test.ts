import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOf } from '../../scripts/bench/api';
import { floorOf, type FloorDriver } from '../../scripts/bench/floor';
import { exportOfTransactions, scenarios, workloadOf, type Step, type Workload } from '../../scripts/bench/scenarios';
import { ACCOUNTS, Client } from './helpers/client';
import { DRIVERS, startServer, type TestServer } from './helpers/server';

/**
 * The bench's floor is only a floor if it does the API's work for the data and nothing else: for
 * every step of every API scenario, the floor (the server's own code on the database driver) and
 * the API over HTTP must come to the same rows, totals, records and writes.
 */

type Row = Record<string, unknown>;
const idsOf = (rows: Row[]) => rows.map((row) => row.id);

describe.each(DRIVERS)('the API bench floor (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let floor: FloorDriver;
  let workload: Workload;

  beforeAll(async () => {
    server = await startServer(driver);
    client = await Client.signIn(server.app, ACCOUNTS.merchant);
    floor = await floorOf(server.app.bawaba, ACCOUNTS.merchant);
    workload = await workloadOf({ ...ACCOUNTS.merchant }, floor.page);
  });
  afterAll(() => server?.close());

  const overHttp = (step: Step) => {
    const call = callOf(step, ACCOUNTS.merchant);
    return client.request(call.method, call.path, call.body === undefined ? {} : { body: JSON.parse(call.body) });
  };

  /** Runs one step both ways and checks they agree on what the step is about. */
  async function bothAgree(step: Step): Promise<void> {
    const answer = await overHttp(step);
    const floored = await floor.operation(step)();
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const body = answer.json();
    switch (step.kind) {
      case 'sign-in':
        expect(floored).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
        expect(body).toMatchObject({ access_token: expect.any(String) });
        return;
      case 'dashboard': {
        const { latest, ...totals } = floored as Row & { latest: Row[] };
        expect(body).toMatchObject(totals);
        expect(idsOf(body.latest)).toEqual(idsOf(latest));
        return;
      }
      case 'list': {
        const { rows, total } = floored as { rows: Row[]; total: number };
        expect(idsOf(body)).toEqual(idsOf(rows));
        expect(Number(answer.headers['x-total-count'])).toBe(total);
        return;
      }
      case 'show':
        expect(body.id).toBe(step.id);
        expect((floored as Row).id).toBe(step.id);
        return;
      case 'create': {
        const record = floored as Row;
        expect(record.id).not.toBe(body.id);
        for (const field of ['customer_name', 'amount', 'status', 'sms_status', 'kind']) {
          expect(record[field], field).toEqual(body[field]);
        }
        return;
      }
    }
  }

  it('picks the inputs of the scenarios from the merchant’s invoices', () => {
    expect(workload.invoiceIds.length).toBeGreaterThan(0);
    expect(workload.searchTerms).toContain('Mutairi');
  });

  it('comes to the same data as the API for the steps of every scenario', async () => {
    const kinds = new Set<Step['kind']>();
    for (const scenario of scenarios(workload, 'pglite')) {
      // Enough steps to go once round the mixed load's rotation.
      for (let i = 0; i < 10; i++) {
        const step = scenario.next();
        kinds.add(step.kind);
        await bothAgree(step);
      }
    }
    expect([...kinds].sort()).toEqual(['create', 'dashboard', 'list', 'show', 'sign-in']);
  });

  it('reads every row the CSV export writes', async () => {
    const { resource, params } = exportOfTransactions();
    const rows = await floor.exportRows(resource, params);
    const answer = await client.list(`/v1/report/transactions/export`, params);
    expect(answer.statusCode, answer.body).toBe(200);
    // The header, then one CRLF-ended line per row.
    expect(answer.body.split('\r\n').filter(Boolean).length - 1).toBe(rows);
    expect(rows).toBeGreaterThan(0);
  });

  it('refuses a record the merchant does not have, as the API answers 404', async () => {
    const step: Step = { kind: 'show', resource: 'invoice', id: 2_000_000_000 };
    expect((await overHttp(step)).statusCode).toBe(404);
    await expect(floor.operation(step)()).rejects.toThrow(/No invoice/);
  });
});
