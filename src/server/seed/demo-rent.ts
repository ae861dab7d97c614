import { addDays } from '../../schema/calendar';
import type { Language } from '../../shared/i18n';
import { TEST_CARDS } from '../../shared/pay';
import { ApiError } from '../kernel/api-error';
import { kuwaitDayStart, kuwaitToday } from '../payments/kuwait-time';
import { processDueRefunds } from '../payments/refunds';
import { tenantAccountOf } from '../payments/tenant-account';
import { payTenant } from '../payments/tenant-pay';
import { tenantByToken } from '../payments/tenant-payments';
import { followContractDates } from '../property/contract-schedule';
import { periodAt, type PeriodDates, type RentSchedule } from '../rentals/rent-periods';
import { storeOf } from '../storage/entity-stores';
import { issueDueRent } from '../rentals/rent-schedule';
import { refreshStandings } from '../rentals/tenant-standing';
import type { DemoWriter } from './demo-writer';
import { atInstant } from './flow-context';

/**
 * The demo landlord's months, replayed by the scheduler's own steps with the clock stopped on each
 * day something happens: a contract starting (its unit rented) or ending, a tenant's sending day
 * (the rent invoice issued, its SMS sent then), a tenant leaving. Nothing is inserted as a result:
 * the contracts move and the rent invoices are issued as the running server would have done it.
 * The tenants pay as a tenant pays on their own page (`payTenant`, the sandbox's card): some as soon
 * as the SMS arrives, some after the due date, some stop paying; a card deposit is paid with the
 * first rent, and given back through the refunds once the contract is over.
 */

/**
 * How a demo tenant pays: `prompt` within days of each invoice, `late` some days after each due
 * date, `behind` late and not at all for the last two periods.
 */
export type DemoPayer = 'prompt' | 'late' | 'behind';

/** One demo tenancy: its tenant, its contract, its calendar, how it pays, and how it ended if it did. */
export interface DemoTenancy {
  tenant: number;
  contract: number;
  schedule: RentSchedule;
  language: Language;
  payer: DemoPayer;
  /** The tenant's card deposit it pays with its first rent, and whether it is refunded once the contract is over. */
  deposit?: { id: number; refunded: boolean };
  /** The tenant left at the contract's end: its contract `ended` by its date, or `terminated` on its last day. */
  left?: 'ended' | 'terminated';
}

type Step = { at: number; run: (at: Date) => Promise<void> };

const HOUR_MS = 3_600_000;
/** When on a Kuwait day the replay's scheduler pass runs, and a leaving tenant is seen to. */
const TICK_HOUR = 9;
const LEAVE_HOUR = 12;

const onDay = (day: string, hour: number) => kuwaitDayStart(day).getTime() + hour * HOUR_MS;

/** `schedule`'s periods that begin by `today`. */
function periodsBy(schedule: RentSchedule, today: string): PeriodDates[] {
  const periods: PeriodDates[] = [];
  for (let index = 0; ; index++) {
    const period = periodAt(schedule, index);
    if (!period || period.start > today) return periods;
    periods.push(period);
  }
}

const PAYING_HOUR = 19;
const CARD = { number: TEST_CARDS.success, expiry: '12/39', cvv: '123' };

/** When `tenancy` pays the rent of its period `index` (of `count` begun), or null when it does not. */
function paidAt(tenancy: DemoTenancy, period: PeriodDates, index: number, count: number): number | null {
  const spread = (tenancy.tenant + index) % 4;
  if (tenancy.payer === 'prompt') return onDay(addDays(period.start, spread), PAYING_HOUR);
  if (tenancy.payer === 'behind' && index >= count - 2) return null;
  return onDay(addDays(period.due, 3 + 3 * spread), PAYING_HOUR);
}

/**
 * The tenant pays on their page at `at`: every rent invoice still due of the periods up to `upTo`,
 * and its card deposit with the first payment, by one card payment.
 */
async function payOnPage(demo: DemoWriter, tenancy: DemoTenancy, upTo: string, at: Date): Promise<void> {
  const { ctx, tx } = demo;
  const [{ pay_token: token }] = await tx.query<{ pay_token: string }>(
    `select pay_token from ${storeOf(ctx, 'tenant').table} where merchant_id = $1::integer and id = $2::integer`,
    [demo.merchantId, tenancy.tenant],
  );
  const tenant = await tenantByToken(ctx, tx, token, false);
  if (!tenant) throw new Error(`Demo tenant ${tenancy.tenant} has no page`);
  const { due } = await tenantAccountOf(ctx, tx, tenant, kuwaitToday(at), at);
  const chosen = due.filter((item) =>
    item.kind === 'deposit' ? tenancy.deposit !== undefined : (item.period_start ?? '') <= upTo,
  );
  if (chosen.length === 0) return;
  const items = chosen.map(({ kind, reference_no }) => ({ kind, reference_no }));
  const card = { ...CARD, holder: tenant.name ?? 'Tenant' };
  const paid = await payTenant(ctx, token, { items, method: 'card', card }, tenancy.language, at);
  if (paid.replay || paid.value.status !== 'success') throw new Error(`Demo tenant ${tenancy.tenant} could not pay`);
}

/**
 * The merchant gives the card deposit back the day after the contract is over, through the
 * refunds, which the scheduler processes once due. A refund the balance cannot cover then leaves
 * the deposit refundable.
 */
function refundSteps(demo: DemoWriter, tenancy: DemoTenancy): Step[] {
  const deposit = tenancy.deposit;
  if (!deposit?.refunded || !tenancy.left) return [];
  const over = addDays(tenancy.schedule.contractEnd, tenancy.left === 'ended' ? 1 : 0);
  const asked = onDay(addDays(over, 1), 11);
  return [
    {
      at: asked,
      run: async (at) => {
        try {
          await demo.ctx.db.transaction(() => demo.transition('deposit', deposit.id, 'refund', at));
        } catch (error) {
          if (!(error instanceof ApiError && error.statusCode === 409)) throw error;
        }
      },
    },
    { at: asked + 2 * 86_400_000, run: async (at) => void (await processDueRefunds(demo.ctx, at)) },
  ];
}

/** Replays the contract and rent steps of the scheduler over `tenancies` up to `end` (the real now). */
export async function replayRent(demo: DemoWriter, tenancies: readonly DemoTenancy[], end: Date): Promise<void> {
  const { ctx } = demo;
  const today = kuwaitToday(end);
  const days = new Set<string>();
  const steps: Step[] = [];
  for (const tenancy of tenancies) {
    const { contractStart, contractEnd } = tenancy.schedule;
    days.add(contractStart);
    days.add(addDays(contractEnd, 1));
    const periods = periodsBy(tenancy.schedule, today);
    for (const period of periods) days.add(period.start);
    for (const [index, period] of periods.entries()) {
      const at = paidAt(tenancy, period, index, periods.length);
      if (at !== null) steps.push({ at, run: (when) => payOnPage(demo, tenancy, period.start, when) });
    }
    steps.push(...refundSteps(demo, tenancy));
    if (tenancy.left === 'terminated')
      steps.push({
        at: onDay(contractEnd, LEAVE_HOUR),
        run: async (at) => void (await demo.transition('contract', tenancy.contract, 'terminate', at)),
      });
    else if (tenancy.left === 'ended')
      steps.push({
        at: onDay(addDays(contractEnd, 1), LEAVE_HOUR),
        run: async (at) => void (await demo.change('tenant', tenancy.tenant, { tenant_status: 'left' }, at)),
      });
  }
  const tick = async (at: Date) => {
    await followContractDates(ctx, at);
    await issueDueRent(ctx, at);
  };
  for (const day of days) steps.push({ at: onDay(day, TICK_HOUR), run: tick });
  steps.push({ at: end.getTime(), run: tick });
  const played = steps.filter((step) => step.at <= end.getTime()).sort((a, b) => a.at - b.at);
  for (const step of played) {
    await atInstant(new Date(step.at), async () => {
      await step.run(new Date(step.at));
      await ctx.outbox.flush();
    });
  }
  // Tenants the schedule has not invoiced yet (an inactive one) get their standing too.
  await atInstant(end, () =>
    refreshStandings(
      ctx,
      demo.tx,
      tenancies.map((tenancy) => tenancy.tenant),
      { merchantId: demo.merchantId },
    ),
  );
}
