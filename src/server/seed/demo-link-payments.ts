import type { EntityRecord } from '../../generated/entities';
import { fromFils, toFils } from '../../shared/money';
import type { PayMethod, PayRequest, PayResult } from '../../shared/pay';
import { ApiError } from '../kernel/api-error';
import { sendScheduledInvoices } from '../messaging/scheduler';
import { pay } from '../payments/pay';
import { isPartKind, partsOf } from '../payments/parts';
import { openFields } from '../payments/payable';
import type { TableRow } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';
import type { DemoInvoice, DemoOpenInvoice } from './demo-invoices';
import { civilId, CUSTOMERS, payerMobile, pickCard, pickMethod, testCard, type CardOutcome } from './demo-payers';
import { planRefund } from './demo-refunds';
import type { DemoTimeline } from './demo-timeline';
import type { DemoWriter } from './demo-writer';
import type { Random } from './random';

/**
 * Demo invoices and open invoices, created unpaid as the API creates them (an invoice's message
 * sent then, a scheduled one's when the scheduler finds it due) and then paid the way
 * payers pay them: on their link (`pay`), by card (some declined or left pending first), wallet or
 * cash, and cash received marked by the merchant (`mark_paid`). Cancelled ones are cancelled by the
 * merchant; those left open past their expiry date are expired by the scheduler's sweep.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

/** What a payer tries on a link: a method, and for a card the sandbox card used. */
interface Attempt {
  method: PayMethod;
  card: CardOutcome | null;
}

/** A payment on the link `reference` at `at`; a card left pending is swept as incomplete 10 minutes on. */
async function payLink(
  timeline: DemoTimeline,
  demo: DemoWriter,
  reference: string,
  request: PayRequest,
  at: Date,
): Promise<PayResult> {
  const paid = await pay(demo.ctx, reference, request, 'en', at);
  if (paid.replay) throw new Error(`Demo payment of ${reference} was answered as a replay`);
  const result = paid.value;
  if (result.status === 'pending' && request.method !== 'cash') timeline.sweepAfter(at.getTime());
  return result;
}

/** The attempts of a payer who pays in the end: now and then a failed or pending card first. */
function attemptsToPay(random: Random, methods: readonly PayMethod[]): Attempt[] {
  const method = pickMethod(random, methods);
  if (method !== 'card') return [{ method, card: null }];
  const first = pickCard(random);
  return first === 'success'
    ? [{ method, card: first }]
    : [
        { method, card: first },
        { method, card: 'success' },
      ];
}

/** The last instant an invoice of `expiry` (a date, payable through that day in Kuwait) is surely payable. */
const payableUntil = (expiry: string) => Date.parse(`${expiry}T00:00:00Z`) - HOUR;

/**
 * Plans paying `reference` with `attempts` from `at`, a retry 12 to 40 minutes after a failure
 * (`requestOf` words each attempt as the payer's page sends it); a successful card or wallet payment
 * may be refunded later.
 */
function planAttempts(
  timeline: DemoTimeline,
  demo: DemoWriter,
  random: Random,
  reference: () => string | null,
  attempts: Attempt[],
  at: number,
  requestOf: (attempt: Attempt) => PayRequest,
): void {
  let when = at;
  for (const attempt of attempts) {
    let paid: string | null = null;
    timeline.at(when, async (instant) => {
      const target = reference();
      if (target === null) return;
      try {
        paid = (await payLink(timeline, demo, target, requestOf(attempt), instant)).transaction_reference;
      } catch (error) {
        // A payment left pending may have been settled as paid meanwhile: the payer is told so and stops.
        if (!(error instanceof ApiError && error.key === 'app.message.pay_already_paid')) throw error;
      }
    });
    if (attempt.method !== 'cash' && (attempt.card ?? 'success') === 'success')
      planRefund(timeline, demo, random, when, () => paid);
    when += random.int(12, 40) * MINUTE;
  }
}

/** Plans creating the merchant's invoices and what becomes of each (`fate`). */
export function planInvoices(timeline: DemoTimeline, demo: DemoWriter, random: Random, invoices: DemoInvoice[]): void {
  for (const { demo: invoice, fate } of invoices) {
    const created = Date.parse(String(invoice.system?.created_at));
    const until = Math.min(payableUntil(invoice.values.expiry_date ?? ''), timeline.end.getTime());
    const scheduled = invoice.values.scheduled_at ? Date.parse(invoice.values.scheduled_at) : created;
    const methods = invoice.values.payment_methods ?? ['card'];
    const payer = invoice.values.customer_name ?? CUSTOMERS[0];
    const requestOf = ({ method, card }: Attempt): PayRequest => ({
      method,
      ...(card ? { card: testCard(card, payer) } : {}),
    });
    let record: EntityRecord<'invoice'> | null = null;
    // What a payer opening the invoice's link pays first: the invoice, or its first part.
    let first: string | null = null;
    timeline.at(created, async () => {
      record = await demo.create('invoice', invoice, { effects: true });
      const [part] = await partsOf(demo.tx, demo.merchantId, record.id);
      first = part?.reference_no ?? String(record.reference_no);
    });
    // A scheduled invoice's message leaves when the scheduler finds it due.
    if (scheduled > created)
      timeline.at(scheduled, (instant) => sendScheduledInvoices(demo.ctx, instant).then(() => {}));
    const own = () => first;
    const firstTry = Math.max(created, scheduled) + random.int(1, 96) * HOUR + random.int(0, 59) * MINUTE;

    if (fate === 'cancelled') {
      const at = created + random.int(2, 60) * HOUR;
      timeline.at(at, async (instant) => {
        if (record) await demo.transition('invoice', record.id, 'cancel', instant);
      });
      continue;
    }
    if (fate === 'unpaid' || fate === 'expired' || (fate === 'partly_paid' && !isPartKind(invoice.values.kind))) {
      // A payer who tried and did not get through.
      if (methods.includes('card') && random.next() < 0.4)
        planAttempts(
          timeline,
          demo,
          random,
          own,
          [{ method: 'card', card: random.pick<CardOutcome>(['declined', 'insufficientFunds', 'pending']) }],
          Math.min(firstTry, until),
          requestOf,
        );
      continue;
    }
    // Paid, whole or in parts: each part by its own payer's attempts, hours or days apart.
    const attempts = Array.from({ length: 8 }, () => attemptsToPay(random, methods));
    const gaps = Array.from({ length: 8 }, () => random.int(2, 30) * HOUR);
    const markPaidAfter = random.int(1, 3) * DAY + random.int(0, 8) * HOUR;
    timeline.at(Math.min(firstTry, until), async (instant) => {
      if (!record) return;
      const parts = await partsOf(demo.tx, demo.merchantId, record.id);
      const references = parts.length === 0 ? [String(record.reference_no)] : parts.map((part) => part.reference_no);
      const count = fate === 'partly_paid' ? Math.max(1, Math.floor(references.length / 2)) : references.length;
      let at = instant.getTime();
      for (const [k, reference] of references.slice(0, count).entries()) {
        planAttempts(
          timeline,
          demo,
          random,
          () => reference,
          attempts[k % attempts.length],
          Math.min(at, until),
          requestOf,
        );
        at += gaps[k % gaps.length];
      }
      if (attempts[0].some((attempt) => attempt.method === 'cash') || methods.every((method) => method === 'cash'))
        planMarkPaid(timeline, demo, record.id, Math.min(instant.getTime() + markPaidAfter, until));
    });
  }
}

/** The merchant marks an invoice paid on receiving its cash, if it is still wholly unpaid then. */
function planMarkPaid(timeline: DemoTimeline, demo: DemoWriter, id: number, at: number): void {
  timeline.at(at, async (instant) => {
    const invoice = await storeOf(demo.ctx, 'invoice').get(demo.tx, demo.merchantId, id);
    if (invoice?.status === 'unpaid') await demo.transition('invoice', id, 'mark_paid', instant);
  });
}

/** Plans creating the merchant's open invoices and their payers' payments while each is open. */
export function planOpenInvoices(
  timeline: DemoTimeline,
  demo: DemoWriter,
  random: Random,
  opens: DemoOpenInvoice[],
): void {
  for (const { demo: open, payments } of opens) {
    const created = Date.parse(String(open.system?.created_at));
    const until = Math.min(payableUntil(open.values.expiry_date ?? ''), timeline.end.getTime());
    const methods = (open.values.payment_methods ?? ['card']).filter((method) => method !== 'cash');
    // The fields the link asks for: the merchant's own service's, else the open invoice's.
    let asked: string[] = [];
    const [min, max] = [toFils(open.values.min_amount ?? '0') ?? 0n, toFils(open.values.max_amount ?? '0') ?? 0n];
    let reference: string | null = null;
    timeline.at(created, async () => {
      const record = await demo.create('open_invoice', open, { effects: true });
      reference = String(record.reference_no);
      const [row] = await demo.tx.query<TableRow<'open_invoice'>>(
        `select * from ${storeOf(demo.ctx, 'open_invoice').table} where id = $1::integer`,
        [record.id],
      );
      asked = (await openFields(demo.tx, row)).map((field) => field.name);
    });
    for (let k = 0; k < payments; k++) {
      const at = created + Math.floor(random.next() * (until - created));
      const name = random.pick(CUSTOMERS);
      const payer = { name, mobile: payerMobile(name) };
      const civil = civilId(random);
      const fieldsOf = () =>
        Object.fromEntries(asked.map((field) => [field, /civil/i.test(field) ? civil : k % 3 === 0 ? 'شكرًا' : '']));
      const amount =
        open.values.amount_type === 'open'
          ? fromFils(min + BigInt(random.int(0, Number((max - min) / 1000n))) * 1000n)
          : undefined;
      const requestOf = ({ method, card }: Attempt): PayRequest => ({
        method,
        ...(card ? { card: testCard(card, name) } : {}),
        payer,
        ...(asked.length > 0 ? { fields: fieldsOf() } : {}),
        ...(amount ? { amount } : {}),
      });
      planAttempts(timeline, demo, random, () => reference, attemptsToPay(random, methods), at, requestOf);
    }
  }
}
