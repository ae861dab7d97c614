// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { entitySchemas } from '../../../schema/registry';
import { linksOf } from '../../../schema/recordPage';
import { TRAIL_ENTITIES, type MoneyTrail } from '../../../shared/money-trail';
import { answer, json } from '../../data/testApi';
import { admin, employee } from '../../testAccess';
import { renderBackOffice, serveRecordedApi } from '../../testBackOffice';
import { RECORD_PAGES } from '../pagePaths';

/**
 * The money trail page over a stand-in `GET /v1/money-trail/{entity}/{id}`: every step of the
 * chain linked to its record's page, statuses, the ledger's postings and totals, the balance, in
 * English and Arabic; the gate; and the link every record of a trail's entities offers.
 */

vi.mock('../../shell/providers', async (importOriginal) => {
  const { harness } = await import('../../data/testApi');
  return {
    ...(await importOriginal<typeof import('../../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const ledger = (paid: string, fees: string, net: string, refunded = '0.000') => ({
  paid,
  captured: '0.000',
  held: '0.000',
  refunded,
  fees,
  commission: '0.075',
  net,
});

const TRAIL: MoneyTrail = {
  entity: 'invoice',
  id: 7,
  roots: [
    {
      invoice: {
        id: 7,
        reference_no: 'INV-2026-000007',
        invoice_number: null,
        kind: 'split',
        amount: '30.000',
        paid_amount: '30.000',
        status: 'paid',
        created_at: '2026-11-20T06:00:00.000Z',
      },
      transactions: [
        {
          id: 41,
          reference_no: '700000000041',
          created_at: '2026-11-20T06:05:00.000Z',
          payment_method: 'card',
          status: 'success',
          amount: '15.000',
          admin_charge: '0.375',
          commission: '0.075',
          net_amount: '14.550',
          part: 1,
          ledger: ledger('15.000', '0.375', '9.550', '5.000'),
          refunds: [
            {
              id: 3,
              document_no: 'REF-2026-000003',
              refund_amount: '5.000',
              status: 'processed',
              created_at: '2026-11-20T07:00:00.000Z',
              processed_at: '2026-11-20T07:30:00.000Z',
              refunded: '5.000',
              transfer_id: 9,
            },
          ],
          captures: [],
          postings: [
            {
              at: '2026-11-20T06:05:00.000Z',
              event: 'payment',
              from: 'payer',
              to: 'merchant_balance',
              amount: '15.000',
              refund_id: null,
              capture_id: null,
            },
            {
              at: '2026-11-20T06:05:00.000Z',
              event: 'fee',
              from: 'merchant_balance',
              to: 'fees',
              amount: '0.375',
              refund_id: null,
              capture_id: null,
            },
          ],
          transfer_id: 9,
        },
      ],
    },
  ],
  roots_count: 1,
  transfers: [
    {
      id: 9,
      document_no: 'PT-2026-000009',
      status: 'transferred',
      transfer_date: '2026-11-22',
      created_at: '2026-11-21T22:00:00.000Z',
      transaction_count: 2,
      amount: '24.100',
      share: '9.550',
    },
  ],
  totals: {
    paid: '15.000',
    captured: '0.000',
    held: '0.000',
    refunded: '5.000',
    fees: '0.375',
    commission: '0.075',
    net: '9.550',
    transferred: '9.550',
    in_transfer: '0.000',
    on_hold: '0.000',
    unsettled: '0.000',
    owed: '0.000',
    cash: '0.000',
  },
  balance: { balanced: true, difference: '0.000' },
  hidden: [],
};

const requests = serveRecordedApi();

describe('the money trail page', { timeout: 60_000 }, () => {
  it('shows every step linked to its record, the postings, the totals and that the chain balances', async () => {
    answer('get', '/money-trail/invoice/7', () => json(TRAIL));
    renderBackOffice('/money-trail/invoice/7', admin);
    const chains = await screen.findByRole('region', { name: 'The chain' }, { timeout: 30_000 });
    const href = (name: string) => within(chains).getByRole('link', { name }).getAttribute('href');
    expect(href('INV-2026-000007')).toBe('/invoice/invoice-list/7');
    expect(href('700000000041')).toBe('/report/payment-transactions/41');
    expect(href('REF-2026-000003')).toBe('/report/refund-request/3');
    expect(href('PT-2026-000009')).toBe('/report/payment-transfer/9');
    expect(within(chains).getByText(/Part 1/)).toBeTruthy();
    expect(within(chains).getByText('Transferred')).toBeTruthy();
    const postings = within(chains).getByRole('list', { name: 'Ledger postings' });
    expect(
      within(postings)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-event')),
    ).toEqual(['payment', 'fee']);
    expect(within(postings).getByText(/payer → merchant balance/)).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals from the ledger' });
    expect(within(totals).getByText('Net to merchant').nextSibling?.textContent).toBe('9.550 KWD');
    expect(within(totals).getByText(/The chain balances/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Money trail' })).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    answer('get', '/money-trail/invoice/7', () => json(TRAIL));
    renderBackOffice('/money-trail/invoice/7', admin, { language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'مسار الأموال' }, { timeout: 30_000 })).toBeTruthy();
    const totals = await screen.findByRole('region', { name: 'الإجماليات من دفتر الحسابات' });
    expect(within(totals).getByText('الصافي للتاجر').nextSibling?.textContent).toBe('9.550 د.ك');
    expect(within(totals).getByText(/السلسلة متوازنة/)).toBeTruthy();
    expect(within(totals).getByText('المستحق المتبقي')).toBeTruthy();
  });

  it("shows the server's refusal, and is closed to an employee without the transactions report", async () => {
    answer('get', '/money-trail/invoice/8', () => json({ message: 'Record not found' }, { status: 404 }));
    renderBackOffice('/money-trail/invoice/8', admin);
    expect(
      (await screen.findByText('Record not found', undefined, { timeout: 30_000 })).closest('[role="alert"]'),
    ).toBeTruthy();
    renderBackOffice('/money-trail/invoice/7', employee(['invoices']));
    expect(await screen.findByRole('heading', { name: /Access denied|not found/i }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.filter((path) => path.endsWith('/money-trail/invoice/7'))).toEqual([]);
  });

  it("is linked from the record page of every entity a trail starts from, to its page's path", () => {
    for (const name of TRAIL_ENTITIES) {
      const [link] = linksOf(entitySchemas[name], { id: 5 });
      expect(link, name).toMatchObject({ name: 'money_trail', path: `/money-trail/${name}/5` });
      expect(RECORD_PAGES.map((page) => page.path)).toContain('/money-trail/:entity/:id');
    }
  });
});
