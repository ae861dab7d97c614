import type { Queryable } from '../../../src/server/db/database';
import { kuwaitDayStart, kuwaitToday } from '../../../src/server/payments/kuwait-time';
import { ledgerProblems, transferProblems, unsettledProblems } from '../transfer-checks';
import { startServerProcess, type DataPlace, type ServerProcess } from './server-process';
import type { Findings } from './verify';
import { Api, PAY_BODY } from './workload';

/**
 * The settlement rounds: two merchants take many card payments (some partly refunded, the refunds
 * processed), then the sandbox clock is moved into a Kuwait day whose previous day no run has
 * settled, so that the scheduler's tick runs the day's settlement — and the server is killed with
 * SIGKILL at a random moment of it, several times, each time started again, until a run is let
 * finish. After every kill the database, opened on its own, must hold whole transfers only (each
 * one its transactions' net less its refunds, no transaction in two) and a ledger that balances
 * and reconciles per merchant; once the run finished, every payment of the round is in exactly
 * one transfer.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const MERCHANTS = [
  { email: 'merchant@demo.test', password: 'Demo@1234' },
  { email: 'vendor@demo.test', password: 'Vendor@1234' },
] as const;
const REFUND = '2.000';
/** A refund of a same-day payment waits 20 minutes. */
const REFUND_WAIT_MINUTES = 21;

/** Where a kill landed in the settlement run. */
export type KillPoint = 'before any transfer' | 'cut short' | 'after it finished';

export interface SettlementKills {
  /** Payments acknowledged, and refunds of them accepted (processed before the kills), before the kills. */
  payments: number;
  refunds: number;
  /** Where each kill landed, in order. */
  kills: KillPoint[];
  /** Transfers the round's runs made and paid out in all. */
  transfers: number;
  paid: number;
  /** How long the run took when it was let finish. */
  finishMs: number;
}

export interface SettlementRoundOptions {
  place: DataPlace;
  server: ServerProcess;
  /** Opens the database of `place` on its own (the server stopped). */
  open(place: DataPlace): Promise<Queryable & { close(): Promise<void> }>;
  /** The round's number in the run: its runs settle the day `round` days from today. */
  round: number;
  tag: string;
  next: () => number;
  /** Kills during the run, at most (a run that finishes before its kill ends them). */
  kills: number;
  /** Card payments per merchant. */
  payments: number;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A payer's `POST /v1/pay/{reference}` sent from the loopback address `from`: many payers, each
 * from an address of its own, so the per-address limit of payment attempts is not what the round
 * measures.
 */
const payFrom = (baseUrl: string, from: string, reference: string) =>
  new Api(baseUrl, '', from).call('POST', `/v1/pay/${reference}`, PAY_BODY);

interface Paid {
  merchant: number;
  reference: string;
  transaction: string;
}

/** `count` invoices of each merchant paid by card, four payers at a time; the acknowledged ones. */
async function payMany(apis: Api[], tag: string, round: number, count: number, next: () => number): Promise<Paid[]> {
  const paid: Paid[] = [];
  const jobs = apis.flatMap((_, merchant) => Array.from({ length: count }, (__, n) => ({ merchant, n })));
  const work = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const api = apis[job.merchant];
      const invoice = await api.call('POST', '/v1/invoice', {
        kind: 'quick',
        customer_name: `${tag} payer ${job.merchant}-${job.n}`,
        mobile: `96560${String(job.merchant)}${String(job.n).padStart(5, '0')}`,
        amount: `${5 + Math.floor(next() * 40)}.${String(Math.floor(next() * 1000)).padStart(3, '0')}`,
      });
      if (invoice.status !== 201) continue;
      const { reference_no: reference } = JSON.parse(invoice.text) as { reference_no: string };
      const address = `127.${100 + (round % 100)}.${job.merchant}.${1 + (job.n % 250)}`;
      const answer = await payFrom(api.baseUrl, address, reference).catch(() => null);
      if (answer?.status !== 200) continue;
      const result = JSON.parse(answer.text) as { status: string; transaction_reference: string };
      if (result.status === 'success')
        paid.push({ merchant: job.merchant, reference, transaction: result.transaction_reference });
    }
  };
  await Promise.all([work(), work(), work(), work()]);
  return paid;
}

/** A partial refund of each of `payments` (the transaction found by its reference); how many were accepted. */
async function refundSome(apis: Api[], payments: Paid[]): Promise<number> {
  let asked = 0;
  for (const payment of payments) {
    const api = apis[payment.merchant];
    const today = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    const filter = { q: payment.transaction, created_at_gte: today(-1), created_at_lte: today(1) };
    const listed = await api.call(
      'GET',
      `/v1/report/transactions?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
    const [transaction] = listed.status === 200 ? (JSON.parse(listed.text) as { id: number; amount: string }[]) : [];
    if (!transaction) continue;
    const answer = await api.call('POST', '/v1/refund', {
      transaction_id: transaction.id,
      method: 'partial',
      total_amount: transaction.amount,
      pending_amount: transaction.amount,
      refund_amount: REFUND,
    });
    if (answer.status === 201) asked++;
  }
  return asked;
}

/** What the runs of the day have done so far, read from the database. */
async function runState(q: Queryable, day: string, from: Date) {
  const [row] = await q.query<{ finished_at: Date | string | null; made: number; paid: number }>(
    `select (select finished_at from settlement_days where day = $1::date) as finished_at,
       (select count(*) from payment_transfers where created_at >= $2::timestamptz)::integer as made,
       (select count(*) from payment_transfers where transfer_date >= $3::date)::integer as paid`,
    [day, from.toISOString(), kuwaitToday(from)],
  );
  return { finished: row.finished_at ? new Date(row.finished_at) : null, made: row.made, paid: row.paid };
}

/** Every transfer and ledger rule for every merchant (`transfer-checks.ts`). */
async function everyMerchant(q: Queryable): Promise<Findings> {
  const merchants = await q.query<{ id: number }>(`select id from merchants order by id`);
  const problems: string[] = [];
  for (const { id } of merchants) problems.push(...(await transferProblems(q, id)), ...(await ledgerProblems(q, id)));
  return { checked: merchants.length, problems };
}

/** After the day's run finished at `at`: every payment of the round is in a transfer, every merchant settled. */
async function settledProblems(q: Queryable, paid: Paid[], day: string, at: Date): Promise<Findings> {
  const problems: string[] = [];
  const rows = await q.query<{ reference_no: string; transfer_id: number | null }>(
    `select reference_no, transfer_id from transactions
     where reference_no in (select value from jsonb_array_elements_text($1::text::jsonb))`,
    [JSON.stringify(paid.map((payment) => payment.transaction))],
  );
  const found = new Map(rows.map((row) => [row.reference_no, row.transfer_id]));
  for (const payment of paid) {
    const transfer = found.get(payment.transaction);
    if (transfer === undefined) problems.push(`acknowledged payment ${payment.transaction} is lost`);
    else if (transfer === null) problems.push(`payment ${payment.transaction} is in no transfer after the run`);
  }
  const merchants = await q.query<{ id: number }>(`select id from merchants order by id`);
  for (const { id } of merchants) problems.push(...(await unsettledProblems(q, id, day, at)));
  return { checked: paid.length + merchants.length, problems };
}

/**
 * One settlement round on a running server: the payments and refunds, then up to `kills` runs of
 * the day killed at a random moment (the server started again after each), then one let finish.
 * Answers the server now running, what was found and where the kills landed.
 */
export async function settlementRound(
  options: SettlementRoundOptions,
): Promise<{ server: ServerProcess; findings: Findings; kills: SettlementKills }> {
  const { place, open, round, tag, next, log } = options;
  let server: ServerProcess | null = options.server;
  const findings: Findings = { checked: 0, problems: [] };
  const add = (found: Findings, when: string) => {
    findings.checked += found.checked;
    findings.problems.push(...found.problems.map((problem) => `${when}: ${problem}`));
  };

  const signIn = (baseUrl: string) =>
    Promise.all(MERCHANTS.map((account) => Api.signIn(baseUrl, account.email, account.password)));
  let apis = await signIn(server.baseUrl);
  const paid = await payMany(apis, tag, round, options.payments, next);
  // A few payments partly refunded, the refunds processed 21 minutes on: the transfers deduct them.
  const refunds = await refundSome(apis, [...paid.filter((p) => p.merchant === 0).slice(0, 3), ...paid.slice(-3)]);
  let offsetMs = 0;
  const tickStarted = performance.now();
  const moved = await apis[0].call('POST', '/v1/sandbox/clock', { advance_minutes: REFUND_WAIT_MINUTES });
  // A tick with no settlement in it: the run comes after as long again, about.
  const tickMs = performance.now() - tickStarted;
  if (moved.status === 200) offsetMs += REFUND_WAIT_MINUTES * MINUTE_MS;

  // The round's runs settle the day before `target`, which no run before this round reached.
  const target = kuwaitDayStart(kuwaitToday(new Date(Date.now() + round * DAY_MS)));
  const day = kuwaitToday(new Date(target.getTime() - DAY_MS));
  /** Moves the server's clock to `minute` minutes into the target day, which runs a tick there. */
  const advance = (api: Api, minute: number) => {
    const minutes = Math.max(1, Math.ceil((target.getTime() + minute * MINUTE_MS - Date.now() - offsetMs) / MINUTE_MS));
    offsetMs += minutes * MINUTE_MS;
    return api.call('POST', '/v1/sandbox/clock', { advance_minutes: minutes });
  };

  const kills: KillPoint[] = [];
  // How long after the clock is moved the kill may come: grows while kills land before any
  // transfer, shrinks once one lands after the run.
  let windowMs = tickMs * 0.8 + options.payments * 3;
  let finished: Date | null = null;
  let finishMs = 0;
  /** Transfers made and paid out by the round's runs so far. */
  let progress = 0;
  try {
    for (let attempt = 0; attempt < options.kills && !finished; attempt++) {
      const sending = advance(apis[0], 5 + attempt).catch(() => null);
      await sleep(next() * windowMs);
      await server.kill();
      server = null;
      await sending;
      const db = await open(place);
      try {
        const state = await runState(db, day, target);
        add(await everyMerchant(db), `after kill ${attempt + 1}`);
        if (state.finished) add(await settledProblems(db, paid, day, state.finished), `after kill ${attempt + 1}`);
        finished = state.finished;
        const point: KillPoint = finished
          ? 'after it finished'
          : state.made + state.paid > progress
            ? 'cut short'
            : 'before any transfer';
        progress = state.made + state.paid;
        kills.push(point);
        if (point === 'before any transfer') windowMs *= 1.5;
        if (point === 'after it finished') windowMs *= 0.6;
      } finally {
        await db.close();
      }
      server = await startServerProcess(place, log);
      offsetMs = 0;
      apis = await signIn(server.baseUrl);
    }
    if (!finished) {
      const started = performance.now();
      const answer = await advance(apis[0], 5 + options.kills);
      finishMs = Math.round(performance.now() - started);
      if (answer.status !== 200)
        findings.problems.push(`the run let finish was refused: ${answer.status} ${answer.text}`);
    }
    await server.stop();
    server = null;
    const db = await open(place);
    let state: Awaited<ReturnType<typeof runState>>;
    try {
      state = await runState(db, day, target);
      add(await everyMerchant(db), 'after the run');
      if (!state.finished) findings.problems.push(`the run of ${day} did not finish`);
      else add(await settledProblems(db, paid, day, state.finished), 'after the run');
    } finally {
      await db.close();
    }
    server = await startServerProcess(place, log);
    return {
      server,
      findings,
      kills: { payments: paid.length, refunds, kills, transfers: state.made, paid: state.paid, finishMs },
    };
  } catch (error) {
    await server?.stop();
    throw error;
  }
}
