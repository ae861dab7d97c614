import type { ServerContext } from '../context';
import { voidExpiredAuthorizations } from '../payments/authorizations';
import { kuwaitDayStart, kuwaitToday } from '../payments/kuwait-time';
import { settlePreviousDay } from '../payments/settlement-run';
import { chargeDueSubscriptions } from '../payments/subscriptions';
import { sweepPayments } from '../payments/sweep';
import { storeOf } from '../storage/entity-stores';
import { atInstant } from './flow-context';

/**
 * The demo's months, replayed: every step (an invoice created, a payer paying, a merchant marking
 * cash received, a refund requested) is planned at an instant and played in time order with the
 * clock stopped there, so each flow finds the world as it was then, and the messages it queued
 * leave then. Between steps the scheduler's own work runs as it would have: subscriptions are
 * charged at each instant they fall due, the sweep runs where a card payment was left pending, the
 * settlement run makes and pays out the payment transfers each night, and authorisations not
 * captured in time are voided at the end.
 */

type Step = { at: number; run: (at: Date) => Promise<void>; subscriptions: boolean };

const SWEEP_AFTER_MS = 11 * 60_000;
const DAY_MS = 86_400_000;
/** When in the Kuwait night the scheduler's daily settlement run is played. */
const SETTLEMENT_AT_MS = 2 * 3_600_000;

export class DemoTimeline {
  private readonly steps: Step[] = [];
  private readonly sweeps = new Set<number>();

  constructor(
    private readonly ctx: ServerContext,
    /** The end of the replay: the real now. */
    readonly end: Date,
  ) {}

  /**
   * Plans `run` at `at` (epoch ms); steps of one instant play in the order they were planned. None
   * after the end. A step that may start or stop a subscription's charges says so (`subscriptions`).
   */
  at(at: number, run: (at: Date) => Promise<void>, { subscriptions = false } = {}): void {
    if (at > this.end.getTime()) return;
    const index = this.steps.findIndex((step) => step.at > at);
    this.steps.splice(index === -1 ? this.steps.length : index, 0, { at, run, subscriptions });
  }

  /** Plans the scheduler's sweep a little after a card payment left pending at `at` (SPEC §9: 10 minutes). */
  sweepAfter(at: number): void {
    const when = at + SWEEP_AFTER_MS;
    if (this.sweeps.has(when)) return;
    this.sweeps.add(when);
    this.at(when, (instant) => sweepPayments(this.ctx, instant).then(() => undefined));
  }

  /**
   * Plans the daily settlement run (`settlePreviousDay`) each night from the day after the first
   * step planned so far up to the end, as the scheduler runs it.
   */
  settleEachNight(): void {
    const first = this.steps[0]?.at;
    if (first === undefined) return;
    const start = kuwaitDayStart(kuwaitToday(new Date(first))).getTime() + DAY_MS + SETTLEMENT_AT_MS;
    for (let at = start; at <= this.end.getTime(); at += DAY_MS) {
      this.at(at, (instant) => settlePreviousDay(this.ctx, instant).then(() => undefined));
    }
  }

  /** Plays every step in time order, then the scheduler up to the end. Steps may plan later ones. */
  async play(): Promise<void> {
    for (let step = this.steps.shift(); step; step = this.steps.shift()) {
      await this.chargeSubscriptionsUntil(step.at);
      const { at, run } = step;
      await this.playAt(new Date(at), () => run(new Date(at)));
      if (step.subscriptions) this.nextCharge = undefined;
    }
    await this.chargeSubscriptionsUntil(this.end.getTime());
    await this.playAt(this.end, async () => {
      await sweepPayments(this.ctx, this.end);
      // Authorisations whose capture days ran out are let go, as the scheduler does every pass.
      await voidExpiredAuthorizations(this.ctx, this.end);
    });
  }

  /** When the next subscription charge falls due (null: none); unknown after a step that changed subscriptions. */
  private nextCharge: number | null | undefined = undefined;

  /** Runs the subscription charges at each instant one falls due, up to `until`. */
  private async chargeSubscriptionsUntil(until: number): Promise<void> {
    const table = storeOf(this.ctx, 'subscription').table;
    for (;;) {
      if (this.nextCharge === undefined) {
        const [due] = await this.ctx.db.query<{ at: string | Date | null }>(
          `select min(next_charge_at) as at from ${table} where status = 'active' and next_charge_at is not null`,
        );
        this.nextCharge = due?.at ? new Date(due.at).getTime() : null;
      }
      if (this.nextCharge === null || this.nextCharge > until) return;
      const instant = new Date(this.nextCharge);
      this.nextCharge = undefined;
      // Nothing charged means nothing will be: stop rather than ask again.
      if ((await this.playAt(instant, () => chargeDueSubscriptions(this.ctx, instant))) === 0) return;
    }
  }

  /**
   * Runs `work` with the clock stopped at `instant`, then delivers the messages it queued then, as
   * the server's outbox delivers right after the commit that queued them.
   */
  private playAt<T>(instant: Date, work: () => Promise<T>): Promise<T> {
    return atInstant(instant, async () => {
      const result = await work();
      await this.ctx.outbox.flush();
      return result;
    });
  }
}
