import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../src/schema/calendar';
import { paymentBalances, paymentStateOf } from '../../src/server/ledger/payment-projection';
import { postedFor, reconcile } from '../../src/server/ledger/balances';
import { unsettledBalance } from '../../src/server/payments/balance';
import { kuwaitDayStart, kuwaitToday } from '../../src/server/payments/kuwait-time';
import {
  payOutTransfers,
  previousKuwaitDay,
  runDailySettlement,
  settlePreviousDay,
} from '../../src/server/payments/settlement-run';
import { holdMerchantTransfers, releaseMerchantTransfers } from '../../src/server/support/transfers';
import { fromFils } from '../../src/shared/money';
import { TEST_CARDS } from '../../src/shared/pay';
import { transferProblems, unsettledProblems } from '../support/transfer-checks';
import { ACCOUNTS, Client } from './helpers/client';
import { card, created, Payer, type Row } from './helpers/pay';
import { DRIVERS, merchantIdOf, startServer, type TestServer } from './helpers/server';
import { settlementState } from './helpers/settlement-state';
import { dryRun, failingAfter, Interrupted } from './helpers/wrapped-database';

/**
 * The money invariant, property-based: random sequences of payments (successful, declined,
 * pending then settled or failed by the sweep, cash), authorisations, captures (whole or part),
 * voids at the capture deadline, refunds (asked, cancelled within their 20 minutes, processed by
 * the scheduler) across two merchants, all through the HTTP API and the scheduler with a moving
 * clock; and settlement: the day's run at the start of the next Kuwait day (once; repeated, which
 * changes nothing; or cut short after a random number of statements and run again, which ends
 * exactly as a run never cut short would have), support holding and releasing a merchant's
 * transfers, the bank paying transfers out, and the merchant sending chosen transactions for
 * transfer. After every step, for each merchant: successful card and wallet payments = refunds +
 * fees and commission + transferred + unsettled, to the fil; the ledger sums to zero and its daily
 * sums match its entries; each transaction's and each transfer's entries are its projection;
 * nothing is refunded or captured beyond what was paid or authorised; each transfer holds its
 * transactions once and is their net amounts less its refunds (`transfer-checks.ts`). After a
 * settlement run, every payment of the days it covers is in a transfer, unless refunds took its
 * merchant's whole net. `LEDGER_SEQUENCES` and `LEDGER_STEPS` run more.
 */

const onPostgres = (driver: string) => driver === 'postgres';
const SEQUENCES = Number(process.env.LEDGER_SEQUENCES ?? 0);
const STEPS = Number(process.env.LEDGER_STEPS ?? 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

type Card = keyof Pick<typeof TEST_CARDS, 'success' | 'declined' | 'pending' | 'pendingFailed'>;

/** One step of a sequence; `pick` chooses among the merchant's records at the time it runs. */
type Step =
  | { kind: 'pay'; merchant: number; amount: number; card: Card }
  | { kind: 'cash'; merchant: number; amount: number }
  | { kind: 'authorise'; merchant: number; amount: number }
  | { kind: 'capture'; merchant: number; pick: number; part: number }
  | { kind: 'refund'; merchant: number; pick: number; part: number }
  | { kind: 'cancel'; merchant: number; pick: number }
  | { kind: 'wait'; minutes: number }
  | { kind: 'settle'; minutes: number; run: SettlementRun; cut: number }
  | { kind: 'payout' }
  | { kind: 'hold'; merchant: number; release: boolean }
  | { kind: 'request'; merchant: number; picks: number[]; settled: boolean; foreign: boolean };

/**
 * How a settlement step runs the day's settlement: once; once and again (the second changes
 * nothing); or cut short, then run again. `cut` says where, in thousandths of its statements.
 */
type SettlementRun = 'once' | 'repeated' | 'interrupted';

const merchantIndex = fc.integer({ min: 0, max: 1 });
const amount = fc.integer({ min: 1_000, max: 60_000 });
/** A part of an amount, in thousandths: 1000 is the whole, more asks beyond it (refused). */
const part = fc.oneof(
  { weight: 2, arbitrary: fc.constant(1000) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 999 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1001, max: 1200 }) },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      merchant: merchantIndex,
      amount,
      card: fc.constantFrom<Card>('success', 'success', 'declined', 'pending', 'pendingFailed'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cash' as const), merchant: merchantIndex, amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('authorise' as const), merchant: merchantIndex, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('capture' as const), merchant: merchantIndex, pick: fc.nat(), part }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), merchant: merchantIndex, pick: fc.nat(), part }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), merchant: merchantIndex, pick: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      // A few minutes, past a refund's 20 minutes or the sweep's 10, or past a capture deadline.
      minutes: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 30 }) },
        { weight: 2, arbitrary: fc.constant(21) },
        { weight: 1, arbitrary: fc.constant(25 * 60) },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      // Into the next Kuwait day: the run the scheduler makes just after midnight there, or later.
      minutes: fc.integer({ min: 0, max: 180 }),
      run: fc.constantFrom<SettlementRun>('once', 'repeated', 'interrupted'),
      cut: fc.integer({ min: 0, max: 999 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payout' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('hold' as const), merchant: merchantIndex, release: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      merchant: merchantIndex,
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      // Mostly transactions that can be sent; sometimes any (refused unless they can), or another merchant's.
      settled: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      foreign: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
  },
);

describe.each(DRIVERS)('the ledger reconciles to the fil (%s)', (driver) => {
  const sequences = SEQUENCES || (onPostgres(driver) ? 5 : 20);
  const steps = STEPS || (onPostgres(driver) ? 10 : 15);
  let server: TestServer;
  let payer: Payer;
  const merchants: { client: Client; email: string; id: number; transactions: number[]; refunds: unknown[] }[] = [];
  /** The clock every step runs at; only moves forward. */
  let clock = Date.now();
  const started = clock;
  const counts = { sequences: 0, steps: 0, checks: 0, refused: 0 };
  /** What the settlement steps did. */
  const settled = { runs: 0, repeated: 0, cut: 0, longest: 0, transfers: 0, paid: 0, holds: 0, releases: 0 };
  /** Transfers of the two merchants paid out before the sequences. */
  let paidBefore = 0;
  const requests = { sent: 0, refused: 0 };

  const ctx = () => server.app.bawaba;
  const db = () => server.app.bawaba.db;
  const at = () => new Date(clock);

  beforeAll(async () => {
    // Webhooks of these payments go nowhere: a short time-out keeps the scheduler's ticks quick.
    server = await startServer(driver, { webhookTimeoutMs: 50 });
    payer = new Payer(server);
    for (const account of [ACCOUNTS.merchant, ACCOUNTS.vendor]) {
      const client = await Client.signIn(server.app, account);
      // Delivery invoices' card payments are authorised, to be captured (whole or part) within a day.
      await created(client, '/v1/multi-vendor/services', {
        service_type: 'delivery_invoice',
        payment_type: 'credit_card',
        capture_type: 'partial',
        capture_days: 1,
      });
      const id = await merchantIdOf(server, account.email);
      merchants.push({ client, email: account.email, id, transactions: [], refunds: [] });
    }
    // The demo's refunds processed since its last transfer are deducted from a payment that covers
    // them, sent for transfer: the sequences' own payments are then what the transfers pay out.
    setClock(at);
    await payInvoice(0, 1_000_000, 'success', false);
    await created(merchants[0].client, '/v1/payment-transfer/request', { transaction_ids: merchants[0].transactions });
    merchants[0].transactions = [];
    paidBefore = await transferCount('transferred');
  });
  afterAll(async () => {
    setClock();
    await server?.close();
  });

  /** An invoice of the merchant paid (or attempted) by card; its transaction is tracked. */
  async function payInvoice(index: number, fils: number, cardName: Card, delivery: boolean): Promise<void> {
    const merchant = merchants[index];
    const invoice = await created(merchant.client, '/v1/invoice', {
      kind: delivery ? 'delivery' : 'quick',
      customer_name: 'Maryam Al-Sabah',
      mobile: '96550001122',
      amount: fromFils(BigInt(fils)),
      payment_methods: ['card', 'cash'],
      ...(delivery ? { delivery_city: 'hawalli', delivery_address: 'Block 3, Street 5' } : {}),
    });
    const answer = await payer.pay(invoice.reference_no, { method: 'card', card: card(TEST_CARDS[cardName]) });
    if (answer.statusCode !== 200) counts.refused++;
    await track(merchant, invoice.reference_no);
  }

  async function track(merchant: (typeof merchants)[number], reference: string): Promise<void> {
    const rows = await db().query<{ id: number }>(`select id from transactions where invoice_reference = $1::text`, [
      reference,
    ]);
    merchant.transactions.push(...rows.map((row) => row.id));
  }

  const transactionOf = async (id: number) =>
    (
      await db().query<Row>(
        `select id, status, payment_method, amount::text as amount, pending_amount::text as pending_amount,
           captured_amount::text as captured_amount, refunded_amount::text as refunded_amount,
           admin_charge::text as admin_charge, commission::text as commission
         from transactions where id = $1::integer`,
        [id],
      )
    )[0];

  /** The amount `part` thousandths of `total` (at least a fil). */
  const partOf = (total: string, thousandths: number) => {
    const fils = (BigInt(Math.round(Number(total) * 1000)) * BigInt(thousandths)) / 1000n;
    return fromFils(fils > 0n ? fils : 1n);
  };

  /** The `pick`th of the sequence's transactions of the merchant in one of `statuses` (any when none is). */
  async function pickTransaction(merchant: (typeof merchants)[number], pick: number, statuses: string[]) {
    const rows = await db().query<{ id: number }>(
      `select id from transactions where id in (select jsonb_array_elements_text($1::text::jsonb)::integer)
         and status in (select jsonb_array_elements_text($2::text::jsonb)) order by id`,
      [merchant.transactions, statuses],
    );
    const ids = rows.length > 0 ? rows.map((row) => row.id) : merchant.transactions;
    return transactionOf(ids[pick % ids.length]);
  }

  /** Expects an answer the API gives a valid or a refused request: a refusal changes nothing. */
  function answered(response: { statusCode: number; body: string }, ok: number): void {
    expect([ok, 400, 404, 409], response.body).toContain(response.statusCode);
    if (response.statusCode !== ok) counts.refused++;
  }

  async function run(s: Step): Promise<void> {
    setClock(at);
    if (s.kind === 'wait') {
      clock += s.minutes * MINUTE;
      await server.app.scheduler.tick(at());
      return;
    }
    if (s.kind === 'settle') {
      clock = kuwaitDayStart(kuwaitToday(at())).getTime() + DAY + s.minutes * MINUTE;
      return settle(at(), s.run, s.cut);
    }
    clock += MINUTE;
    if (s.kind === 'payout') return payOut(at());
    const merchant = merchants[s.merchant];
    switch (s.kind) {
      case 'pay':
        return payInvoice(s.merchant, s.amount, s.card, false);
      case 'authorise':
        return payInvoice(s.merchant, s.amount, 'success', true);
      case 'cash': {
        const invoice = await created(merchant.client, '/v1/invoice', {
          kind: 'quick',
          customer_name: 'Yousef Al-Kandari',
          mobile: '96550003344',
          amount: fromFils(BigInt(s.amount)),
          payment_methods: ['card', 'cash'],
        });
        answered(await merchant.client.post(`/v1/invoice/${invoice.id}/mark_paid`), 200);
        return track(merchant, invoice.reference_no);
      }
      case 'capture': {
        if (merchant.transactions.length === 0) return;
        // Mostly an authorisation; any transaction when there is none (refused).
        const transaction = await pickTransaction(merchant, s.pick, ['authorized']);
        const response = await merchant.client.post('/v1/capture', {
          transaction_id: transaction.id,
          capture_type: 'full',
          amount: partOf(String(transaction.pending_amount), s.part),
        });
        return answered(response, 201);
      }
      case 'refund': {
        if (merchant.transactions.length === 0) return;
        const transaction = await pickTransaction(merchant, s.pick, ['success']);
        const refundAmount = partOf(String(transaction.pending_amount), s.part);
        const response = await merchant.client.post('/v1/refund', {
          transaction_id: transaction.id,
          method: refundAmount === transaction.pending_amount ? 'full' : 'partial',
          total_amount: transaction.amount,
          pending_amount: transaction.pending_amount,
          refund_amount: refundAmount,
        });
        answered(response, 201);
        if (response.statusCode === 201) merchant.refunds.push((response.json() as Row).id);
        return;
      }
      case 'cancel': {
        if (merchant.refunds.length === 0) return;
        const id = merchant.refunds[s.pick % merchant.refunds.length];
        return answered(await merchant.client.post(`/v1/refund/${id}/cancel`), 200);
      }
      case 'hold':
        if (s.release) settled.releases += await releaseMerchantTransfers(ctx(), merchant.email);
        else settled.holds += await holdMerchantTransfers(ctx(), merchant.email, 'Compliance document review');
        return;
      case 'request':
        return request(s);
    }
  }

  /**
   * The day's settlement run at `now` (the previous Kuwait day): once; once and again, forced past
   * the mark of the day done, which changes nothing; or cut short `cut` thousandths into its
   * statements, then run again, which must end exactly as the run would have uncut (a run made and
   * rolled back first tells what that is, and how many statements it takes). Every payment of the
   * days it covers is then in a transfer.
   */
  async function settle(now: Date, run: SettlementRun, cut: number): Promise<void> {
    const before = await transferCount();
    settled.runs++;
    if (run === 'interrupted') {
      let statements = 0;
      const uncut = await dryRun(
        ctx(),
        async (wrapped) => {
          const counted = failingAfter(wrapped, Number.MAX_SAFE_INTEGER);
          await runDailySettlement(counted.ctx, now);
          statements = counted.statements();
        },
        (q) => settlementState(q, now),
      );
      const failing = failingAfter(ctx(), Math.floor((statements * cut) / 1000));
      await runDailySettlement(failing.ctx, now).catch((error: unknown) => {
        if (!(error instanceof Interrupted)) throw error;
      });
      expect(failing.interrupted()).toBe(true);
      settled.cut++;
      settled.longest = Math.max(settled.longest, statements);
      await runDailySettlement(ctx(), now);
      expect(await settlementState(db(), now)).toEqual(uncut);
    } else {
      await runDailySettlement(ctx(), now);
      if (run === 'repeated') {
        settled.repeated++;
        const once = await settlementState(db(), now);
        expect(await settlePreviousDay(ctx(), now)).toEqual({ transfers: 0, paid: 0 });
        expect(await runDailySettlement(ctx(), now)).toBe(0);
        expect(await settlementState(db(), now)).toEqual(once);
      }
    }
    settled.transfers += (await transferCount()) - before;
    for (const merchant of merchants)
      expect(await unsettledProblems(db(), merchant.id, previousKuwaitDay(now), now)).toEqual([]);
  }

  /** How many payment transfers the two merchants have (in `status` only, when told). */
  const transferCount = async (status?: string) =>
    (
      await db().query<{ count: number }>(
        `select count(*)::integer as count from payment_transfers
         where merchant_id in ($1::integer, $2::integer) and ($3::text is null or status = $3::text)`,
        [merchants[0].id, merchants[1].id, status ?? null],
      )
    )[0].count;

  /**
   * The sandbox bank pays out at `now`: a transfer made before that Kuwait day and not held then
   * waits only while the merchant's unsettled balance does not cover it.
   */
  async function payOut(now: Date): Promise<void> {
    settled.paid += await payOutTransfers(ctx(), now);
    for (const merchant of merchants) {
      const [oldest] = await db().query<{ amount: string }>(
        `select (amount * 1000)::bigint::text as amount from payment_transfers
         where merchant_id = $1::integer and status = 'not_transferred' and created_at < $2::timestamptz
         order by id limit 1`,
        [merchant.id, kuwaitDayStart(kuwaitToday(now)).toISOString()],
      );
      if (oldest) expect(BigInt(oldest.amount)).toBeGreaterThan(await unsettledBalance(db(), merchant.id));
    }
  }

  /**
   * The merchant sends chosen transactions for transfer: mostly of those that can be sent (a
   * payment taken first when there is none), sometimes any of the sequence's (refused with 409
   * unless all can), or with another merchant's (404). Made, the transfer holds exactly them;
   * refused, they are where they were.
   */
  async function request(s: Extract<Step, { kind: 'request' }>): Promise<void> {
    const merchant = merchants[s.merchant];
    if (s.settled && (await transferableOf(merchant.id)).length === 0)
      await payInvoice(s.merchant, 1_000 + (s.picks[0] % 60_000), 'success', false);
    const sendable = await transferableOf(merchant.id);
    const pool = s.settled && sendable.length > 0 ? sendable : merchant.transactions;
    if (pool.length === 0) return;
    const ids = [...new Set(s.picks.map((pick) => pool[pick % pool.length]))];
    const other = merchants[1 - s.merchant].transactions;
    if (s.foreign && other.length > 0) ids.push(other[s.picks[0] % other.length]);
    const before = await transferIdsOf(ids);
    const response = await merchant.client.post('/v1/payment-transfer/request', { transaction_ids: ids });
    expect([201, 404, 409], response.body).toContain(response.statusCode);
    if (response.statusCode !== 201) {
      requests.refused++;
      expect(await transferIdsOf(ids)).toEqual(before);
      return;
    }
    requests.sent++;
    const transfer = response.json() as Row;
    expect(before.every((id) => id === null)).toBe(true);
    expect(await transferIdsOf(ids)).toEqual(ids.map(() => transfer.id));
    expect(transfer.transaction_count).toBe(ids.length);
  }

  /** The merchant's transactions a transfer may take now: card and wallet payments that took money, in no transfer. */
  const transferableOf = async (merchantId: number) =>
    (
      await db().query<{ id: number }>(
        `select id from transactions where merchant_id = $1::integer
           and payment_method <> 'cash' and status in ('success', 'refunded') and captured_amount > 0
           and transfer_id is null
         order by id`,
        [merchantId],
      )
    ).map((row) => row.id);

  /** The transfer each of `ids` is in (null: none), in the order of `ids`. */
  const transferIdsOf = async (ids: number[]) => {
    const rows = await db().query<{ id: number; transfer_id: number | null }>(
      `select id, transfer_id from transactions where id in (select jsonb_array_elements_text($1::text::jsonb)::integer)`,
      [JSON.stringify(ids)],
    );
    const byId = new Map(rows.map((row) => [row.id, row.transfer_id]));
    return ids.map((id) => byId.get(id) ?? null);
  };

  /** Every check of the invariant, for each merchant. */
  async function check(): Promise<void> {
    for (const merchant of merchants) {
      const terms = await reconcile(db(), merchant.id);
      expect(
        terms.difference,
        JSON.stringify(terms, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      ).toBe(0n);
      expect(terms.entriesSum).toBe(0n);
      expect(terms.dailyMismatches).toEqual([]);
      expect(terms.statementMismatches).toEqual([]);
      expect(terms.balances.authorizations).toBe(terms.held);
      expect(terms.balances.cash_payer + terms.balances.cash_received).toBe(0n);
      for (const id of merchant.transactions) {
        const transaction = await transactionOf(id);
        const posted = await postedFor(db(), { transactionId: id });
        const projected = Object.fromEntries(
          Object.entries(paymentBalances(paymentStateOf(transaction))).filter(([, fils]) => fils !== 0n),
        );
        expect(posted, `transaction ${id}`).toEqual(projected);
        const fils = (name: string) => BigInt(Math.round(Number(transaction[name] ?? 0) * 1000));
        expect(fils('refunded_amount')).toBeLessThanOrEqual(fils('captured_amount'));
        expect(fils('captured_amount')).toBeLessThanOrEqual(fils('amount'));
        if (transaction.status !== 'authorized' && fils('captured_amount') > 0n) {
          // What is refundable and what refunds took or hold is exactly what was captured.
          const [refunds] = await db().query<{ held: string }>(
            `select coalesce(sum(refund_amount), 0)::text as held from refunds
             where transaction_id = $1::integer and status in ('pending', 'awaiting_approval', 'processed')`,
            [id],
          );
          expect(fils('pending_amount') + BigInt(Math.round(Number(refunds.held) * 1000))).toBe(
            fils('captured_amount'),
          );
        }
      }
      // The entries of a refund or a capture name the request they carry out.
      const [unnamed] = await db().query<{ count: number }>(
        `select count(*)::integer as count from ledger_entries where merchant_id = $1::integer and at >= $2::timestamptz
           and ((event = 'refund' and refund_id is null) or (event = 'capture' and capture_id is null))`,
        [merchant.id, new Date(started).toISOString()],
      );
      expect(unnamed.count).toBe(0);
      expect(terms.unsettled).toBeGreaterThanOrEqual(0n);
      expect(await transferProblems(db(), merchant.id)).toEqual([]);
      counts.checks++;
    }
  }

  it('reconciles the seeded merchants before anything happens', async () => {
    await check();
  });

  it(`holds after every step of random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: steps, maxLength: steps }), async (sequence) => {
        counts.sequences++;
        // Each sequence acts on records of its own; the merchants' totals carry everything before.
        for (const merchant of merchants) merchant.transactions = [];
        for (const merchant of merchants) merchant.refunds = [];
        for (const s of sequence) {
          await run(s);
          counts.steps++;
          await check();
        }
      }),
      // The server's state carries over between runs: a failing run is reported as it was, not shrunk.
      { numRuns: sequences, endOnFailure: true },
    );
    const events = await db().query<{ event: string; postings: number }>(
      `select event, count(distinct (coalesce(transaction_id, 0), at))::integer as postings from ledger_entries
       where at >= $1::timestamptz and merchant_id in ($2::integer, $3::integer) group by event order by event`,
      [new Date(started).toISOString(), merchants[0].id, merchants[1].id],
    );
    console.log(
      `ledger invariant (${driver}): ${counts.sequences} sequences × ${steps} steps = ${counts.steps} steps, ` +
        `${counts.checks} merchant checks, ${counts.refused} requests refused as they should be; postings: ` +
        events.map((row) => `${row.event} ${row.postings}`).join(', ') +
        `; settlement: ${settled.runs} runs (${settled.repeated} repeated, ${settled.cut} cut short and run ` +
        `again, of up to ${settled.longest} statements), ${settled.transfers} transfers made by them, ` +
        `${(await transferCount('transferred')) - paidBefore} paid out (${settled.paid} by the bank's own steps); ` +
        `holds put ${settled.holds} transfers on hold, releases freed ${settled.releases}; the merchants sent ` +
        `transactions for transfer ${requests.sent} times, ${requests.refused} requests refused`,
    );
    expect(counts.steps).toBe(sequences * steps);
  }, 600_000);
});
