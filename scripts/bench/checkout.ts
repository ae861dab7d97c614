import en from '../../locales/en.json';
import { buildApp } from '../../src/server/app';
import { kuwaitToday } from '../../src/server/payments/kuwait-time';
import { DEMO_ACCOUNTS } from '../../src/server/seed/accounts';
import { TEST_CARDS, type PayRequest } from '../../src/shared/pay';
import type { OrderRequest, StoreList, StoreOrder } from '../../src/shared/storefront';
import { callOf, signIn } from './api';
import { freshSchema } from './data';
import { percentile, type Budget, type Figure } from './figures';
import type { Step } from './scenarios';
import { startServerProcess } from './server';

/**
 * CHECKOUT UNDER LOAD — a flash sale on PostgreSQL. A fresh schema (`bench_checkout`), migrated and
 * seeded by the server's own start-up; the demo merchant, signed in over the API as the portal
 * does, makes a product of 50 units and an open sale list of it. The server keeps the product's
 * limits but the `order` rate limit, raised: every customer here orders from loopback, one address.
 * After a warm-up on a list of its own, 200 customers start at the same moment, each on their own:
 * opens the list, orders one unit as soon as it shows (its own Idempotency-Key) and, answered 201,
 * pays at once with the sandbox's success card, as the payer page does. Judged: exactly 50 orders
 * placed and paid, the other 150 refused 409 as sold out, the stock at 0 after, and the order
 * call's p95 within 100 ms. Beside it, the p95 of the same customers opening the list: what as
 * many requests at one moment cost the machine with no lock and no write.
 */

const SCHEMA = 'bench_checkout';
const STOCK = 50;
const CUSTOMERS = 200;
/** Customers of the warm-up, on a list of half as many units: both answers and the payment warmed. */
const WARM_UP = 20;
const MAX_P95_MS = 100;
/** Customers of the run one after another: what an order costs with no one else at the server. */
const ALONE = 40;
const ORDER_LIMIT = { max: 10 * (CUSTOMERS + WARM_UP), windowMs: 15 * 60_000 };

const account = { email: DEMO_ACCOUNTS.merchant.email, password: DEMO_ACCOUNTS.merchant.password };
const day = (offset: number) => kuwaitToday(new Date(Date.now() + offset * 86_400_000));
const round = (value: number) => Math.round(value * 10) / 10;

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
  /** From sending the request to the last byte of the answer. */
  ms: number;
}

async function send(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers, ms };
}

/** The demo merchant's calls over the API, signed in; paths and bodies as the portal sends them. */
async function merchantOf(baseUrl: string): Promise<(step: Step) => Promise<Answer>> {
  const authorization = `Bearer ${await signIn({ baseUrl, account })}`;
  return (step) => {
    const call = callOf(step, account);
    return send(baseUrl, call.method, call.path, call.body, { authorization });
  };
}

type Merchant = Awaited<ReturnType<typeof merchantOf>>;

async function created(merchant: Merchant, resource: string, values: Record<string, unknown>) {
  const answer = await merchant({ kind: 'create', resource, values });
  if (answer.status !== 201) throw new Error(`A new ${resource}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number; reference_no?: string };
}

/** A product of `stock` units and an open sale list of it, as the merchant makes them in the portal. */
async function openSale(merchant: Merchant, title: string, stock: number) {
  const product = await created(merchant, 'product', { title, title_ar: 'فانوس', price: '12.500', stock });
  const list = await created(merchant, 'sale_list', {
    name: title,
    type: 'store',
    product_ids: [product.id],
    start_date: day(-1),
    end_date: day(30),
  });
  return { productId: product.id, listId: list.id, reference: String(list.reference_no) };
}

interface Checkout {
  order: Answer;
  /** The payment of a placed order. */
  pay?: Answer;
}

const cardExpiry = () => `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** Customer `i` orders one unit of the list's product at the price shown, and pays when it is placed. */
async function checkout(baseUrl: string, list: StoreList, i: number, run: string): Promise<Checkout> {
  const [product] = list.products;
  const name = `Customer ${i}`;
  const request: OrderRequest = {
    items: [{ product_id: product.id, qty: 1, price: product.sale_price ?? product.price }],
    customer: { name, mobile: `9655${String(i).padStart(7, '0')}` },
  };
  const path = `/v1/storefront/lists/${list.reference_no}/orders`;
  const order = await send(baseUrl, 'POST', path, JSON.stringify(request), { 'idempotency-key': `${run}-order-${i}` });
  if (order.status !== 201) return { order };
  const payment: PayRequest = {
    method: 'card',
    card: { number: TEST_CARDS.success, expiry: cardExpiry(), cvv: '123', holder: name },
  };
  const reference = (order.body as StoreOrder).reference_no;
  const pay = await send(baseUrl, 'POST', `/v1/pay/${reference}`, JSON.stringify(payment), {
    'idempotency-key': `${run}-pay-${i}`,
  });
  return { order, pay };
}

/**
 * `count` customers start at once, each on their own: opens the list, orders from it as soon as
 * it shows, pays when the order is placed (as many customers' phones would, with no one waiting
 * for the others).
 */
async function crowd(
  baseUrl: string,
  reference: string,
  count: number,
  run: string,
): Promise<{ views: Answer[]; checkouts: Checkout[] }> {
  const journeys = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const view = await send(baseUrl, 'GET', `/v1/storefront/lists/${reference}`);
      if (view.status !== 200) throw new Error(`The sale list answers ${view.status}: ${JSON.stringify(view.body)}`);
      return { view, checkout: await checkout(baseUrl, view.body as StoreList, i, run) };
    }),
  );
  return { views: journeys.map((one) => one.view), checkouts: journeys.map((one) => one.checkout) };
}

/** A 409 naming the cart's one line sold out. */
const soldOut = (answer: Answer) =>
  answer.status === 409 &&
  (answer.body as { errors?: Record<string, string> } | null)?.errors?.['items.0'] === en.validation.order_sold_out;

/** "201×50 409×150" */
function statusesOf(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

/** The flash sale's figures, each judged where it has a budget. */
export async function run(options: { url: string; port: number; log: (line: string) => void }): Promise<Figure[]> {
  const { port, log } = options;
  const database = await freshSchema(options.url, SCHEMA);
  const seeding = await buildApp({ database, outboxIntervalMs: 0, logger: false });
  await seeding.close();
  const server = await startServerProcess({
    database,
    port,
    rateLimits: { order: ORDER_LIMIT },
    name: `postgresql (schema ${SCHEMA})`,
    log,
  });
  try {
    const { baseUrl } = server;
    const merchant = await merchantOf(baseUrl);
    const warmUp = await openSale(merchant, 'Warm-up box', WARM_UP / 2);
    const warmed = await crowd(baseUrl, warmUp.reference, WARM_UP, 'warm-up');
    log(`checkout: warm-up of ${WARM_UP} customers: ${statusesOf(warmed.checkouts.map((one) => one.order))}`);

    const quiet = await openSale(merchant, 'Quiet box', ALONE);
    const alone: Checkout[] = [];
    for (let i = 0; i < ALONE; i++) {
      const view = await send(baseUrl, 'GET', `/v1/storefront/lists/${quiet.reference}`);
      alone.push(await checkout(baseUrl, view.body as StoreList, i, 'alone'));
    }
    log(`checkout: ${ALONE} customers one after another: orders ${statusesOf(alone.map((one) => one.order))}`);

    const sale = await openSale(merchant, 'Eid lantern', STOCK);
    const started = performance.now();
    const { views, checkouts } = await crowd(baseUrl, sale.reference, CUSTOMERS, 'sale');
    const seconds = (performance.now() - started) / 1000;
    const orders = checkouts.map((one) => one.order);
    const payments = checkouts.flatMap((one) => (one.pay ? [one.pay] : []));
    const placed = orders.filter((order) => order.status === 201).length;
    const rejected = orders.filter(soldOut).length;
    const paid = await merchant({
      kind: 'list',
      resource: 'sale_order',
      params: { filter: { sale_list_id: sale.listId, payment_status: 'paid' }, range: [0, 0] },
    });
    const paidCount = Number(paid.headers.get('x-total-count') ?? NaN);
    const product = await merchant({ kind: 'show', resource: 'product', id: sale.productId });
    const stock = (product.body as { stock?: number }).stock ?? NaN;
    const statuses = statusesOf(orders);
    log(
      `checkout: ${CUSTOMERS} customers in ${seconds.toFixed(1)} s: orders ${statuses}, payments ${statusesOf(payments)}; ${paidCount} paid, stock ${stock}`,
    );

    const note = `${CUSTOMERS} customers at once, one unit each of ${STOCK}; orders ${statuses}`;
    const figure = (name: string, value: number, unit: Figure['unit'], budget?: Budget, remark = note): Figure => ({
      section: 'checkout',
      name,
      on: 'postgresql',
      value: unit === 'ms' ? round(value) : value,
      unit,
      ...(budget ? { budget } : {}),
      note: remark,
    });
    const orderMs = orders.map((order) => order.ms);
    const exactly = (limit: number): Budget => ({ kind: 'exact', limit });
    return [
      figure('order p50', percentile(orderMs, 50), 'ms'),
      figure('order p95', percentile(orderMs, 95), 'ms', { kind: 'max', limit: MAX_P95_MS }),
      figure('order max', Math.max(...orderMs), 'ms'),
      figure(
        'order p95, one customer at a time',
        percentile(
          alone.map((one) => one.order.ms),
          95,
        ),
        'ms',
        undefined,
        `${ALONE} customers one after another on a list of their own: the order call with nothing queued before it`,
      ),
      figure(
        'sale list view p95',
        percentile(
          views.map((view) => view.ms),
          95,
        ),
        'ms',
        undefined,
        'the same customers opening the list at once just before they order: a read, no lock, no write',
      ),
      figure(
        'pay p95',
        payments.length
          ? percentile(
              payments.map((pay) => pay.ms),
              95,
            )
          : NaN,
        'ms',
        undefined,
        `${payments.length} card payments (${statusesOf(payments)}), beside the orders still coming in`,
      ),
      figure('orders placed', placed, 'count', exactly(STOCK)),
      figure('orders paid', paidCount, 'count', exactly(STOCK), "the merchant's orders of the sale marked paid"),
      figure('orders rejected as sold out', rejected, 'count', exactly(CUSTOMERS - STOCK)),
      figure('final stock', stock, 'count', exactly(0), "the product's stock, read by the merchant after"),
    ];
  } finally {
    await server.stop();
  }
}
