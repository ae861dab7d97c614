// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreList, StoreProduct } from '../../shared/storefront';
import { closePages, ok, openPage, stubApi } from '../testPay';
import { CART_KEY, readCart } from './cart';

/**
 * The storefront's pages against a stand-in API: what a closed list says, the search and category
 * filter of a long list, a product of another list's cart, and a checkout the server refuses
 * because the last unit went to someone else.
 */

afterEach(closePages);

const product = (id: number, overrides: Partial<StoreProduct> = {}): StoreProduct => ({
  id,
  title: `Product ${id}`,
  title_ar: `منتج ${id}`,
  tagline: null,
  image: null,
  category_id: id % 2 === 0 ? 2 : 1,
  price: '1.000',
  sale_price: null,
  available: 10,
  max_qty_per_order: null,
  ...overrides,
});

const listOf = (overrides: Partial<StoreList> = {}): StoreList => ({
  reference_no: 'SL-2026-000001',
  name: 'Eid gifts',
  type: 'store',
  state: 'open',
  opens_on: null,
  discount_type: 'fixed',
  discount_value: '0.000',
  service_charge_type: 'fixed',
  service_charge_value: '0.000',
  start_date: '2026-01-01',
  end_date: '2027-01-01',
  merchant: { name: 'Al Noor', name_ar: 'النور', logo: null },
  categories: [
    { id: 1, name: 'Dates', name_ar: 'تمور' },
    { id: 2, name: 'Coffee', name_ar: 'قهوة' },
  ],
  products: [1, 2, 3, 4, 5, 6, 7, 8].map((id) => product(id)),
  ...overrides,
});

describe('the sale page', () => {
  it.each([
    [{ state: 'not_started', opens_on: '2027-01-10' }, 'This sale has not opened yet', 'It opens on 10 Jan 2027.'],
    [
      { state: 'full_today', opens_on: '2026-12-04' },
      'This sale is full for today',
      'It takes orders again on 4 Dec 2026.',
    ],
    [{ state: 'ended' }, 'This sale has ended', 'Ask the merchant about their next sale.'],
    [{ state: 'inactive' }, 'This sale is closed for now', 'The merchant has paused it.'],
  ] as const)('of a closed list (%o) says so, and when it opens again', async (state, title, text) => {
    stubApi(() => ok(listOf(state)));
    await openPage('/sale/SL-2026-000001');
    await screen.findByRole('heading', { name: title });
    expect(screen.getByText(text, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
  });

  it('filters a long list by words and by category', async () => {
    stubApi(() => ok(listOf()));
    await openPage('/sale/SL-2026-000001');
    await screen.findByRole('heading', { name: 'Eid gifts' });
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    fireEvent.input(screen.getByLabelText('Search products'), { target: { value: 'product 6' } });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    fireEvent.input(screen.getByLabelText('Search products'), { target: { value: 'product 5' } });
    await screen.findByText('No products match your search.');
  });

  it('asks before a product of another list empties the cart', async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ items: [{ product_id: 9, qty: 1, price: '2.000' }], sale_id: 'SL-OTHER' }),
    );
    stubApi(() => ok(listOf()));
    await openPage('/sale/SL-2026-000001');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product 1 to cart' }));
    await screen.findByRole('alertdialog', { name: 'Start a new cart?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep my cart' }));
    expect(readCart().sale_id).toBe('SL-OTHER');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product 1 to cart' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Empty it and add' }));
    expect(readCart()).toEqual({ items: [{ product_id: 1, qty: 1, price: '1.000' }], sale_id: 'SL-2026-000001' });
  });

  it('shows product titles in Arabic, right to left', async () => {
    stubApi(() => ok(listOf()));
    await openPage('/sale/SL-2026-000001?lng=ar');
    await screen.findByRole('link', { name: 'منتج 1' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'أضف منتج 1 إلى السلة' })).toBeTruthy();
  });
});

describe('the checkout', () => {
  it('shows a sold-out page, not a charge, when the last unit went to another customer', async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ items: [{ product_id: 1, qty: 1, price: '1.000' }], sale_id: 'SL-2026-000001' }),
    );
    let soldOut = false;
    const requests = stubApi((request) => {
      if (request.method === 'POST') {
        soldOut = true;
        return {
          status: 409,
          body: { message: 'Some items of your cart have changed', errors: { 'items.0': 'Sold out' } },
        };
      }
      return ok(listOf({ products: [product(1, { available: soldOut ? 0 : 1 })] }));
    });
    await openPage('/sale/checkout');
    fireEvent.input(await screen.findByLabelText('Full name'), { target: { value: 'Hessa' } });
    fireEvent.input(screen.getByLabelText('Mobile'), { target: { value: '96550001234' } });
    await waitFor(() => expect((screen.getByLabelText('Mobile') as HTMLInputElement).value).toBe('96550001234'));
    // The typed details reach the form's state before it is sent.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.submit(screen.getByRole('button', { name: 'Continue to payment' }).closest('form') as HTMLFormElement);
    await screen.findByRole('heading', { name: 'Sold out' });
    expect(requests.filter((request) => request.url.startsWith('/v1/pay'))).toEqual([]);
    const [order] = requests.filter((request) => request.method === 'POST');
    expect(order.body).toEqual({
      items: [{ product_id: 1, qty: 1, price: '1.000' }],
      customer: { name: 'Hessa', mobile: '96550001234' },
      language: 'en',
    });
    expect(order.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('checks the details before sending anything', async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ items: [{ product_id: 1, qty: 1, price: '1.000' }], sale_id: 'SL-2026-000001' }),
    );
    const requests = stubApi(() => ok(listOf()));
    await openPage('/sale/checkout');
    fireEvent.input(await screen.findByLabelText('Mobile'), { target: { value: '12345' } });
    fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: 'not-an-address' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Continue to payment' }).closest('form') as HTMLFormElement);
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Enter a mobile number of at least 11 digits with the country code')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
