// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayPart } from '../../shared/pay';
import { closePages, ok, openPage, payableFixture, stubApi } from '../testPay';

/** `/sp/{ref}`: the parts of a split, instalment or group invoice, each paid on its own page. */

afterEach(closePages);

const part = (seq: number, overrides: Partial<PayPart> = {}): PayPart => ({
  reference_no: `INV-2026-000050-${seq}`,
  seq,
  amount: '10.000',
  due_date: `2026-1${seq}-01`,
  customer_name: null,
  state: 'payable',
  receipt_reference: null,
  ...overrides,
});

const instalments = payableFixture({
  reference_no: 'INV-2026-000050',
  kind: 'parts',
  invoice_kind: 'instalment',
  title: 'Course fees',
  amount: '30.000',
  parts: [
    part(0, { state: 'paid', receipt_reference: 'TXN-2026-000010' }),
    part(1),
    part(2, { state: 'not_yet_due', customer_name: 'Huda' }),
  ],
});

describe('the parts page', () => {
  it('lists each part with its amount, due date and state; Pay on a payable part, a receipt on a paid one', async () => {
    const requests = stubApi(() => ok(instalments));
    await openPage('/sp/INV-2026-000050');
    await screen.findByRole('heading', { name: 'Course fees' });
    expect(screen.getByText('30.000 KWD')).toBeTruthy();
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain('Part 0');
    expect(within(rows[0]).getByText('Paid')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: 'Receipt of part 0' }).getAttribute('href')).toBe(
      '/transaction-receipt/TXN-2026-000010',
    );
    expect(within(rows[0]).queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(within(rows[1]).getByText('Due 1 Nov 2026')).toBeTruthy();
    expect(within(rows[1]).getByText('10.000 KWD')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: 'Pay part 1' }).getAttribute('href')).toBe(
      '/smspay/INV-2026-000050-1',
    );
    expect(within(rows[2]).getByText('Not yet due')).toBeTruthy();
    expect(rows[2].textContent).toContain('Huda');
    expect(within(rows[2]).queryByRole('link')).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(requests.map((request) => request.url)).toEqual(['/v1/pay/INV-2026-000050?visit=1']);
  });

  it('Pay opens the part’s own payment page, which links back to all parts', async () => {
    const requests = stubApi((request) =>
      ok(
        request.url.startsWith('/v1/pay/INV-2026-000050-1')
          ? payableFixture({
              reference_no: 'INV-2026-000050-1',
              kind: 'part',
              amount: '10.000',
              parent_reference: 'INV-2026-000050',
            })
          : instalments,
      ),
    );
    await openPage('/sp/INV-2026-000050');
    fireEvent.click(await screen.findByRole('link', { name: 'Pay part 1' }));
    await screen.findByRole('button', { name: 'Pay 10.000 KWD' });
    expect(location.pathname).toBe('/smspay/INV-2026-000050-1');
    expect(requests.map((request) => request.url)).toEqual([
      '/v1/pay/INV-2026-000050?visit=1',
      '/v1/pay/INV-2026-000050-1?visit=1',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'See all parts' }));
    await screen.findByRole('link', { name: 'Pay part 1' });
    expect(location.pathname).toBe('/sp/INV-2026-000050');
  });

  it('in Arabic', async () => {
    stubApi(() => ok(instalments));
    await openPage('/sp/INV-2026-000050?lng=ar');
    await screen.findByRole('link', { name: 'ادفع الجزء 1' });
    expect(screen.getByText('الدفعات')).toBeTruthy();
    expect(screen.getByText('مدفوع')).toBeTruthy();
    expect(screen.getByText('30.000 د.ك')).toBeTruthy();
  });
});
