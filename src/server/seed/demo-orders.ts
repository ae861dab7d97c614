import type { OrderRequest } from '../../shared/storefront';
import { ApiError } from '../kernel/api-error';
import { pay } from '../payments/pay';
import { processDueRefunds, SAME_DAY_HOLD_MS } from '../payments/refunds';
import { orderBy, placeOrder, releaseExpiredOrders } from '../sales/orders';
import { storeListOf } from '../sales/storefront';
import { emailOf, kuwaitiMobile, personOf, type DemoSale } from './demo-sales';
import type { DemoTimeline } from './demo-timeline';
import type { DemoWriter } from './demo-writer';
import type { Random } from './random';

/**
 * The demo's sale orders, placed the way customers place them: on the sale list's storefront
 * (`placeOrder`, what each product has left at that moment), paid on its payment link by wallet a
 * few minutes later, or left unpaid until the scheduler gives their stock back; then moved by the
 * merchant through their statuses over the following days, a rejected one refunded in full by its
 * rejection (`sales/order-rejection.ts`). So the orders, the products' stock, the transactions and
 * their fees are those of the product's own flows.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The scheduler's pass after a refund falls due (it ticks every 30 seconds). */
const REFUND_PASS_MS = 30_000;

/** Orders the demo's customers place, over the last 120 days. */
const ORDER_COUNT = 42;

/** What becomes of an order: the status the merchant moves it to, or left unpaid. */
type Fate = 'unpaid' | 'waiting' | 'in_process' | 'ready_to_ship' | 'shipped' | 'delivered' | 'rejected';
const FATES: Fate[] = ['waiting', 'in_process', 'ready_to_ship', 'shipped', 'delivered', 'rejected'];

/** The merchant's actions that take a waiting order to `fate`, in order. */
const ACTIONS: Record<Exclude<Fate, 'unpaid'>, string[]> = {
  waiting: [],
  in_process: ['process'],
  ready_to_ship: ['process', 'ready'],
  shipped: ['process', 'ready', 'ship'],
  delivered: ['process', 'ready', 'ship', 'deliver'],
  rejected: ['reject'],
};

/** A cart of one to three of the list's products that still have units, within what each has left. */
function cartOf(random: Random, products: { id: number; available: number; max_qty_per_order: number | null }[]) {
  const inStock = products.filter((product) => product.available > 0);
  const picked = [...inStock].sort(() => random.next() - 0.5).slice(0, random.int(1, 3));
  return picked.map((product) => ({
    product_id: product.id,
    qty: Math.min(random.int(1, 3), product.available, product.max_qty_per_order ?? product.available),
  }));
}

/** Plans the demo's orders of the lists that were open (`sales`) on `timeline`. */
export function planDemoOrders(timeline: DemoTimeline, demo: DemoWriter, random: Random, sales: DemoSale[]): void {
  const end = timeline.end.getTime();
  const open = sales.filter((sale) => sale.status !== 'inactive');
  const placed = Array.from({ length: ORDER_COUNT }, (_, i) => {
    const sale = open[i % open.length];
    // A day inside the list's dates on both ends, whatever the hour in Kuwait.
    const from = Math.max(end + (sale.days[0] + 1) * DAY, end - 120 * DAY);
    const to = Math.min(end + (sale.days[1] - 1) * DAY, end - 2 * HOUR);
    return { sale, at: from + Math.floor(random.next() * (to - from)) };
  }).sort((a, b) => a.at - b.at);

  placed.forEach(({ sale, at }, rank) => {
    // The newest orders are still waiting; now and then a customer never pays.
    const fate: Fate = rank >= ORDER_COUNT - 4 ? 'waiting' : rank % 9 === 4 ? 'unpaid' : FATES[rank % FATES.length];
    const [name, nameAr] = personOf(random.int(0, 59));
    const language = random.next() < 0.3 ? 'ar' : 'en';
    const customer: OrderRequest['customer'] = {
      name: language === 'ar' ? nameAr : name,
      mobile: kuwaitiMobile(random),
      ...(rank % 3 === 0 ? { email: emailOf(name) } : {}),
    };
    const reference = String(sale.record.reference_no);
    let order: string | null = null;
    timeline.at(at, async (instant) => {
      const list = await storeListOf(demo.ctx, demo.tx, reference, instant);
      if (list?.state !== 'open') return;
      const items = cartOf(random, list.products);
      if (items.length === 0) return;
      try {
        const answer = await placeOrder(demo.ctx, reference, { items, customer, language }, language, instant);
        if (answer.replay) throw new Error('A demo order was answered as a replay');
        order = answer.value.reference_no;
      } catch (error) {
        // Another customer took the last units meanwhile: this one orders nothing.
        if (!(error instanceof ApiError && error.statusCode === 409)) throw error;
      }
    });
    if (fate === 'unpaid') {
      timeline.at(at + 16 * MINUTE, (instant) => releaseExpiredOrders(demo.ctx, instant).then(() => undefined));
      return;
    }
    const paidAt = at + random.int(2, 12) * MINUTE;
    let transaction: string | null = null;
    const method = random.pick(['apple_pay', 'google_pay'] as const);
    timeline.at(paidAt, async (instant) => {
      if (order === null) return;
      const paid = await pay(demo.ctx, order, { method }, language, instant);
      if (paid.replay) throw new Error('A demo payment was answered as a replay');
      transaction = paid.value.transaction_reference;
    });
    let when = paidAt + random.int(2, 10) * HOUR;
    for (const action of ACTIONS[fate]) {
      timeline.at(when, async (instant) => {
        if (order === null || transaction === null) return;
        const row = await orderBy(demo.ctx, demo.tx, order);
        if (!row) return;
        if (action !== 'reject') {
          await demo.transition('sale_order', row.id, action, instant);
          return;
        }
        try {
          // In a savepoint of its own: a refused rejection leaves the order as it was.
          await demo.ctx.db.transaction(() => demo.transition('sale_order', row.id, action, instant));
        } catch (error) {
          // The balance left by the day's payouts does not cover the refund: the order stays in its status.
          if (error instanceof ApiError && error.statusCode === 409) return;
          throw error;
        }
        // The rejection asked for its refund in full; the scheduler's refund step processes it once due.
        timeline.at(instant.getTime() + SAME_DAY_HOLD_MS + REFUND_PASS_MS, (then) =>
          processDueRefunds(demo.ctx, then).then(() => undefined),
        );
      });
      when += random.int(18, 40) * HOUR;
    }
  });

  // A list that ended is expired by its end: it was open to its customers until then.
  for (const sale of sales.filter((candidate) => candidate.status === 'expired')) {
    timeline.at(end + (sale.days[1] + 1) * DAY, async (instant) => {
      await demo.change('sale_list', sale.record.id, { status: 'expired' }, instant);
    });
  }
}
