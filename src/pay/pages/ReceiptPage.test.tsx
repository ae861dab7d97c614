// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closePages, ok, openPage, receiptFixture, stubApi } from '../testPay';

/** `/transaction-receipt/{ref}` and the compact `/transaction-receipt/v1/{ref}`. */

afterEach(closePages);

/** The receipt's rows as label → value. */
function rows(): Record<string, string> {
  const list = document.querySelector('dl');
  return Object.fromEntries(
    [...(list?.querySelectorAll('div') ?? [])].map((row) => [
      row.querySelector('dt')?.textContent ?? '',
      row.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

describe('the receipt', () => {
  it('shows who was paid, how much, how, the network’s identifiers and the time in Kuwait', async () => {
    const requests = stubApi(() => ok(receiptFixture()));
    await openPage('/transaction-receipt/TXN-2026-000777');
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(screen.getByText('12.500 KWD')).toBeTruthy();
    expect(rows()).toEqual({
      Merchant: 'Demo Store',
      Customer: 'Fatima Ali',
      'Payment method': 'Credit or debit card',
      Card: 'ending 1111',
      Status: 'Successful',
      Reference: 'TXN-2026-000777',
      Invoice: 'INV-2026-000123',
      'Authorisation code': '123456',
      'Payment ID': '100200300400500600',
      'Track ID': 'TRK000111222333',
      Result: 'CAPTURED',
      'Date and time (Kuwait)': '21 Nov 2026, 12:05',
    });
    expect(requests).toEqual([
      expect.objectContaining({
        url: '/v1/pay/receipt/TXN-2026-000777',
        headers: expect.objectContaining({ locale: 'en' }),
      }),
    ]);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says a failed payment failed, and leaves out what it does not have', async () => {
    stubApi(() =>
      ok(receiptFixture({ status: 'failed', result_code: 'DECLINED', auth_code: null, customer_name: null })),
    );
    await openPage('/transaction-receipt/TXN-2026-000777');
    await screen.findByRole('heading', { name: 'Payment failed' });
    expect(rows().Status).toBe('Failed');
    expect(rows()).not.toHaveProperty('Authorisation code');
    expect(rows()).not.toHaveProperty('Customer');
  });

  it('the v1 variant is the compact slip with the same facts', async () => {
    stubApi(() => ok(receiptFixture()));
    await openPage('/transaction-receipt/v1/TXN-2026-000777');
    const heading = await screen.findByRole('heading', { name: 'Payment successful' });
    expect(heading.closest('article')?.classList.contains('receipt-compact')).toBe(true);
    expect(rows()['Track ID']).toBe('TRK000111222333');
    expect(screen.queryByText('Thank you for your payment.')).toBeNull();
  });

  it('in Arabic, with the Arabic merchant name', async () => {
    stubApi(() => ok(receiptFixture()));
    await openPage('/transaction-receipt/TXN-2026-000777?lng=ar');
    await screen.findByRole('heading', { name: 'تم الدفع بنجاح' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(rows()['التاجر']).toBe('متجر التجربة');
    expect(rows()['البطاقة']).toBe('تنتهي بـ 1111');
    expect(rows()['الحالة']).toBe('ناجحة');
    expect(within(document.body).getByRole('button', { name: 'طباعة' })).toBeTruthy();
  });

  it('an unknown receipt', async () => {
    stubApi(() => ({ status: 404, body: { message: 'Requested page not found!' } }));
    await openPage('/transaction-receipt/TXN-NOPE');
    await screen.findByRole('heading', { name: 'Receipt not found' });
  });
});
