// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoreList, StoreProduct } from '../../shared/storefront';
import { CART_KEY, EMPTY_CART, readCart, unitsIn, withQuantity, writeCart } from './cart';
import { acceptChanges, cartLines, linesTotals } from './cartLines';

/** The customer's cart: kept under `persist:cart`, one sale list at a time, read against the list as it is now. */

const product = (id: number, change: Partial<StoreProduct> = {}): StoreProduct => ({
  id,
  title: `Product ${id}`,
  title_ar: null,
  tagline: null,
  image: null,
  category_id: null,
  price: '2.500',
  sale_price: null,
  available: 10,
  max_qty_per_order: null,
  ...change,
});

const list = (products: StoreProduct[]): StoreList => ({
  reference_no: 'SL-1',
  name: 'Eid gifts',
  type: 'store',
  state: 'open',
  opens_on: null,
  discount_type: 'percentage',
  discount_value: '10.000',
  service_charge_type: 'fixed',
  service_charge_value: '0.250',
  start_date: '2026-01-01',
  end_date: '2027-01-01',
  merchant: { name: 'Al Noor', name_ar: null, logo: null },
  categories: [],
  products,
});

beforeEach(() => localStorage.clear());

describe('the cart', () => {
  it('survives a reload: it is stored under persist:cart and read back', () => {
    writeCart(withQuantity(EMPTY_CART, 'SL-1', { product_id: 4, qty: 2, price: '2.500' }));
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '')).toEqual({
      items: [{ product_id: 4, qty: 2, price: '2.500' }],
      sale_id: 'SL-1',
    });
    expect(readCart()).toEqual({ items: [{ product_id: 4, qty: 2, price: '2.500' }], sale_id: 'SL-1' });
  });

  it('reads a damaged or foreign value as an empty cart, and forgets an emptied one', () => {
    localStorage.setItem(CART_KEY, '{"items":[{"product_id":"x"}],"sale_id":"SL-1"}');
    expect(readCart()).toEqual(EMPTY_CART);
    localStorage.setItem(CART_KEY, 'not json');
    expect(readCart()).toEqual(EMPTY_CART);
    writeCart(withQuantity(EMPTY_CART, 'SL-1', { product_id: 4, qty: 1, price: '1.000' }));
    writeCart(withQuantity(readCart(), 'SL-1', { product_id: 4, qty: 0, price: '1.000' }));
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('holds one sale list: a product of another list starts a new cart', () => {
    const first = withQuantity(EMPTY_CART, 'SL-1', { product_id: 4, qty: 2, price: '2.500' });
    const more = withQuantity(first, 'SL-1', { product_id: 5, qty: 1, price: '1.000' });
    expect(unitsIn(more)).toBe(3);
    expect(withQuantity(more, 'SL-1', { product_id: 4, qty: 3, price: '2.500' }).items.map((i) => i.qty)).toEqual([
      3, 1,
    ]);
    expect(withQuantity(more, 'SL-2', { product_id: 9, qty: 1, price: '4.000' })).toEqual({
      items: [{ product_id: 9, qty: 1, price: '4.000' }],
      sale_id: 'SL-2',
    });
  });

  it('shows every change since a line was added, and totals what can be ordered at today’s prices', () => {
    const cart = {
      sale_id: 'SL-1',
      items: [
        { product_id: 1, qty: 2, price: '2.500' },
        { product_id: 2, qty: 5, price: '2.500' },
        { product_id: 3, qty: 1, price: '2.500' },
        { product_id: 4, qty: 1, price: '2.500' },
        { product_id: 9, qty: 1, price: '2.500' },
      ],
    };
    const now = list([
      product(1),
      product(2, { available: 3 }),
      product(3, { price: '3.000', sale_price: '2.750' }),
      product(4, { available: 0 }),
    ]);
    const lines = cartLines(cart, now);
    expect(lines.map((line) => line.change)).toEqual([null, 'fewer', 'price', 'sold_out', 'gone']);
    // 2 × 2.500 + 3 × 2.500 + 1 × 2.750 = 15.250; 10 % off = 1.525; + 0.250.
    expect(linesTotals(lines, now)).toEqual({
      sub_total: '15.250',
      discount: '1.525',
      service_charge: '0.250',
      grand_total: '13.975',
    });
    expect(acceptChanges(cart, lines).items).toEqual([
      { product_id: 1, qty: 2, price: '2.500' },
      { product_id: 2, qty: 3, price: '2.500' },
      { product_id: 3, qty: 1, price: '2.750' },
    ]);
    expect(cartLines(acceptChanges(cart, lines), now).every((line) => line.change === null)).toBe(true);
  });

  it('counts the most per order as a limit as stock is', () => {
    const cart = { sale_id: 'SL-1', items: [{ product_id: 1, qty: 4, price: '2.500' }] };
    const [line] = cartLines(cart, list([product(1, { max_qty_per_order: 2 })]));
    expect(line).toMatchObject({ change: 'fewer', most: 2 });
  });
});
