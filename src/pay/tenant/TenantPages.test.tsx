// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { TenantAccount, TenantItem, TenantReceipts } from '../../shared/tenant-pay';
import { closePages, ok, openPage, payResult, stubApi, type StubAnswer } from '../testPay';

/**
 * The tenant's pages against a stand-in API: the link's unpaid rent and deposits chosen and paid
 * at once, the receipts, an unknown link in both languages, and the page that sends a lost link
 * again by civil id.
 */

afterEach(closePages);

const TOKEN = 'k3Jd8_sQ-2vXbN0pLr7tYw4eZa1Hc6Uf9mGi5oKqTjE';
const MERCHANT = { name: 'Gulf Homes', name_ar: 'بيوت الخليج', logo: null };

const rent = (overrides: Partial<TenantItem> = {}): TenantItem => ({
  kind: 'rent_invoice',
  reference_no: 'REN-2026-000041',
  amount: '300.500',
  period_start: '2026-11-12',
  period_end: '2026-12-11',
  due_date: '2026-11-19',
  overdue: true,
  description: null,
  ...overrides,
});

const deposit: TenantItem = {
  kind: 'deposit',
  reference_no: 'DEP-2026-000007',
  amount: '150.255',
  period_start: null,
  period_end: null,
  due_date: null,
  overdue: false,
  description: 'Security deposit',
};

const accountOf = (overrides: Partial<TenantAccount> = {}): TenantAccount => ({
  merchant: MERCHANT,
  tenant_name: 'Salem Al-Mutairi',
  unit_name: 'Salmiya Tower 4',
  due: [rent(), deposit],
  methods: ['card'],
  in_flight: null,
  receipts_count: 0,
  ...overrides,
});

const receiptsOf = (): TenantReceipts => ({
  merchant: MERCHANT,
  tenant_name: 'Salem Al-Mutairi',
  unit_name: 'Salmiya Tower 4',
  receipts: [
    {
      transaction_reference: '700000000123',
      payment_reference: 'TNP-2026-000003',
      amount: '450.755',
      method: 'card',
      status: 'success',
      auth_code: '654321',
      card_last4: '1111',
      paid_at: '2026-11-21T09:05:00.000Z',
      items: [rent({ overdue: false }), deposit],
    },
  ],
});

/** A payer API holding one tenant; POSTs answer with `pay`. */
function api(account: TenantAccount, pay: () => StubAnswer = () => ok(payResult())) {
  return stubApi((request) => {
    if (request.url === `/v1/pay/tenant/${TOKEN}/receipts`) return ok(receiptsOf());
    if (request.url === `/v1/pay/tenant/${TOKEN}`) return request.method === 'POST' ? pay() : ok(account);
    if (request.url.startsWith('/v1/pay/tenant/')) return { status: 404, body: { message: 'This link is not valid.' } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the tenant's payments page", () => {
  it('lists what is owed in KWD, chooses all of it, and totals what is chosen exactly', async () => {
    api(accountOf());
    await openPage(`/tenant/payments/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Your rent' });
    expect(screen.getByText('Salem Al-Mutairi')).toBeTruthy();
    expect(screen.getByText('Salmiya Tower 4')).toBeTruthy();
    const list = within(screen.getByRole('group', { name: 'Choose what to pay' }));
    const rentBox = list.getByRole('checkbox', { name: /Rent/ }) as HTMLInputElement;
    const depositBox = list.getByRole('checkbox', { name: /Deposit/ }) as HTMLInputElement;
    expect([rentBox.checked, depositBox.checked]).toEqual([true, true]);
    expect(list.getByText('12 Nov 2026 – 11 Dec 2026')).toBeTruthy();
    expect(list.getByText('Overdue')).toBeTruthy();
    expect(list.getByText('Due 19 Nov 2026')).toBeTruthy();
    expect(list.getByText('300.500 KWD')).toBeTruthy();
    expect(list.getByText('150.255 KWD')).toBeTruthy();
    expect(screen.getByText('2 items selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay 450.755 KWD' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Rent — Gulf Homes'));

    fireEvent.click(depositBox);
    await screen.findByRole('button', { name: 'Pay 300.500 KWD' });
    expect(screen.getByText('1 item selected')).toBeTruthy();
    fireEvent.click(rentBox);
    await screen.findByText('Choose at least one item to pay.');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    fireEvent.click(list.getByRole('checkbox', { name: 'Select all' }));
    await screen.findByRole('button', { name: 'Pay 450.755 KWD' });
  });

  it('pays the items chosen with one card payment and shows the receipts', async () => {
    const requests = api(accountOf());
    await openPage(`/tenant/payments/${TOKEN}`);
    await screen.findByLabelText('Card number');
    type('Card number', '4111111111111111');
    type('Expiry (MM/YY)', '12/30');
    type('CVV', '123');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 450.755 KWD' }));
    await screen.findByRole('heading', { name: 'Your receipts' });
    expect(location.pathname).toBe(`/tenant-receipt/${TOKEN}`);
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/v1/pay/tenant/${TOKEN}`);
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.body).toEqual({
      items: [
        { kind: 'rent_invoice', reference_no: 'REN-2026-000041' },
        { kind: 'deposit', reference_no: 'DEP-2026-000007' },
      ],
      method: 'card',
      card: { number: '4111111111111111', expiry: '12/30', cvv: '123', holder: 'Salem Al-Mutairi' },
    });
    const receipt = within(screen.getByRole('article', { name: 'Payment received' }));
    expect(receipt.getByText('450.755 KWD')).toBeTruthy();
    expect(receipt.getByText('TNP-2026-000003')).toBeTruthy();
    expect(receipt.getByText('ending 1111')).toBeTruthy();
    expect(receipt.getByText('REN-2026-000041')).toBeTruthy();
    expect(receipt.getByText('Security deposit')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('keeps what was typed and says so when the card is declined', async () => {
    api(accountOf({ due: [deposit] }), () =>
      ok(payResult({ status: 'failed', result_code: 'DECLINED', message: 'Your card was declined.' })),
    );
    await openPage(`/tenant/payments/${TOKEN}`);
    await screen.findByLabelText('Card number');
    type('Card number', '4000000000000002');
    type('Expiry (MM/YY)', '12/30');
    type('CVV', '123');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 150.255 KWD' }));
    await screen.findByText('Your card was declined.');
    expect(location.pathname).toBe(`/tenant/payments/${TOKEN}`);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
  });

  it('says when there is nothing to pay, with the way to the receipts', async () => {
    api(accountOf({ due: [], receipts_count: 1 }));
    await openPage(`/tenant/payments/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Nothing to pay' });
    expect(screen.getByRole('link', { name: 'Your receipts' }).getAttribute('href')).toBe(`/tenant-receipt/${TOKEN}`);
  });

  it('says an unknown link is not valid, in Arabic right to left', async () => {
    api(accountOf());
    await openPage('/tenant/payments/not-a-token?lng=ar');
    await screen.findByRole('heading', { name: 'الرابط غير موجود' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
  });

  it('reads in Arabic, with the Arabic plural of what is chosen', async () => {
    api(accountOf());
    await openPage(`/tenant/payments/${TOKEN}?lng=ar`);
    await screen.findByRole('heading', { name: 'إيجارك' });
    expect(screen.getByText('تم اختيار بندين')).toBeTruthy();
    expect(screen.getByText('بيوت الخليج')).toBeTruthy();
  });
});

describe('the page that sends a lost link again', () => {
  /** The merchant's page (`/v1/pay/tenant-link/12`) and the lookup answering `answer`. */
  const lookup = (answer: StubAnswer) =>
    stubApi((request) =>
      request.url === '/v1/pay/tenant-link/12'
        ? ok(MERCHANT)
        : request.url.startsWith('/v1/pay/tenant-link?')
          ? answer
          : { status: 404, body: { message: 'Not found' } },
    );

  it('sends the civil id with Latin digits and shows only the answer, never a link', async () => {
    const requests = lookup(ok({ message: 'If you rent from this merchant, your link is on its way by SMS.' }));
    await openPage('/tenant-link/12');
    await screen.findByRole('heading', { name: 'Get your payment link again' });
    fireEvent.click(screen.getByRole('button', { name: 'Send my link' }));
    await screen.findByText('This field is required');
    expect(requests).toHaveLength(1);
    expect(screen.getByText('Gulf Homes')).toBeTruthy();
    type('Civil ID', '٢٨٧٠١٠١٠٠٠٠١');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Send my link' }));
    await screen.findByRole('heading', { name: 'Check your phone' });
    expect(screen.getByText('If you rent from this merchant, your link is on its way by SMS.')).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual([
      '/v1/pay/tenant-link/12',
      '/v1/pay/tenant-link?merchantId=12&civil_id=287010100001',
    ]);
    expect(document.body.textContent).not.toContain('/tenant/payments/');
  });

  it("shows the server's message under the field, and a refusal above the button", async () => {
    lookup({ status: 400, body: { message: 'Bad', errors: { civil_id: 'The civil ID must be 12 digits' } } });
    await openPage('/tenant-link/12');
    await screen.findByLabelText('Civil ID');
    type('Civil ID', '123');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Send my link' }));
    await screen.findByText('The civil ID must be 12 digits');
    closePages();
    lookup({ status: 429, body: { message: 'Too many requests. Try again later.' } });
    await openPage('/tenant-link/12');
    await screen.findByLabelText('Civil ID');
    type('Civil ID', '287010100001');
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: 'Send my link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Too many requests. Try again later.'));
  });

  it('is not found for an address that names no merchant, or no merchant there is', async () => {
    const requests = lookup(ok({}));
    await openPage('/tenant-link/abc');
    await screen.findByRole('heading', { name: 'Requested page not found!' });
    expect(requests).toEqual([]);
    closePages();
    lookup(ok({}));
    await openPage('/tenant-link/99?lng=ar');
    await screen.findByRole('heading', { name: 'الصفحة غير موجودة' });
  });
});
