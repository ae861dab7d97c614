// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payable, PayRequest } from '../../shared/pay';
import { closePages, ok, openPage, payableFixture, payResult, receiptFixture, stubApi } from '../testPay';

/**
 * The payment page of a link (`/smspay/{ref}`, `/open-invoice/checkout/{ref}`) against a stand-in
 * payer API: what it shows, what it sends, and each answer it can get.
 */

afterEach(closePages);

const REF = 'INV-2026-000123';

/** A payer API holding one link; POSTs answer with `pay` (a success by default). */
function api(
  payable: Payable,
  pay: (body: PayRequest) => { status: number; body: unknown } | 'network' = () => ok(payResult()),
) {
  return stubApi((request) => {
    if (request.url.startsWith(`/v1/pay/receipt/`)) return ok(receiptFixture());
    if (request.url.startsWith(`/v1/pay/${payable.reference_no}`))
      return request.method === 'POST' ? pay(request.body as PayRequest) : ok(payable);
    return { status: 404, body: { message: 'Payment link not found' } };
  });
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.input(input(label), { target: { value } });

/** The message tied to a field (`aria-describedby` → its error), or null. */
function messageOf(label: string): string | null {
  const ids = input(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

/** Lets the page render what was typed, as it does between a person's keystrokes and taps. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Presses a button once the page has caught up with what was typed. */
async function press(name: string) {
  await settle();
  fireEvent.click(screen.getByRole('button', { name }));
}

function fillCard(number = '4111111111111111') {
  type('Card number', number);
  type('Expiry (MM/YY)', '12/30');
  type('CVV', '123');
}

describe('the payment page', () => {
  it('shows the merchant, the amount with three decimals, the title, customer and expiry, and counts one visit', async () => {
    const requests = api(payableFixture());
    await openPage(`/smspay/${REF}`);
    await screen.findByRole('heading', { name: 'Office chairs' });
    expect(screen.getByText('Demo Store')).toBeTruthy();
    expect(screen.getByText('12.500 KWD')).toBeTruthy();
    expect(screen.getByText('Two chairs, delivered')).toBeTruthy();
    expect(screen.getByText('Fatima Ali')).toBeTruthy();
    expect(screen.getByText('Valid until 31 Jan 2027')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay 12.500 KWD' })).toBeTruthy();
    const methods = within(screen.getByRole('group', { name: 'Payment method' })).getAllByRole('radio');
    expect(methods.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Credit or debit card',
      'Apple Pay',
      'Cash',
    ]);
    expect((methods[0] as HTMLInputElement).checked).toBe(true);
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: `/v1/pay/${REF}?visit=1`,
        headers: expect.objectContaining({ locale: 'en' }),
      }),
    ]);
    await waitFor(() => expect(document.title).toBe('Pay Demo Store'));
  });

  it('groups the card number, takes digits only, offers the test cards and fills one in', async () => {
    api(payableFixture());
    await openPage(`/smspay/${REF}`);
    const number = (await screen.findByLabelText('Card number')) as HTMLInputElement;
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    type('Card number', '4111-1111 1111111a1');
    await waitFor(() => expect(number.value).toBe('4111 1111 1111 1111'));
    type('Expiry (MM/YY)', '1230');
    await waitFor(() => expect(input('Expiry (MM/YY)').value).toBe('12/30'));
    const sandbox = screen.getByRole('complementary', { name: 'Sandbox' });
    fireEvent.click(within(sandbox).getByRole('button', { name: '4000 0000 0000 0002' }));
    await waitFor(() => expect(number.value).toBe('4000 0000 0000 0002'));
    expect(within(sandbox).getByText('declined')).toBeTruthy();
  });

  it('pays with the success card and shows the receipt', async () => {
    const requests = api(payableFixture());
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    expect(input('Name on card').value).toBe('Fatima Ali');
    await press('Pay 12.500 KWD');
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(location.pathname).toBe('/transaction-receipt/TXN-2026-000777');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/v1/pay/${REF}`);
    expect(post?.body).toEqual({
      method: 'card',
      card: { number: '4111111111111111', expiry: '12/30', cvv: '123', holder: 'Fatima Ali' },
    });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /v1/pay/${REF}?visit=1`,
      `POST /v1/pay/${REF}`,
      'GET /v1/pay/receipt/TXN-2026-000777',
    ]);
  });

  it('checks the card before sending anything, with a message under each field', async () => {
    const requests = api(payableFixture({ customer_name: null }));
    await openPage(`/smspay/${REF}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 12.500 KWD' }));
    await waitFor(() => expect(input('Card number').getAttribute('aria-invalid')).toBe('true'));
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVV', 'Name on card'])
      expect(messageOf(label), label).toBe('This field is required');
    await waitFor(() => expect(document.activeElement).toBe(input('Card number')));

    type('Card number', '4111111111111112');
    type('Expiry (MM/YY)', '01/20');
    type('CVV', '12');
    type('Name on card', 'Fatima Ali');
    await screen.findByText('Enter a valid card number');
    await screen.findByText('This card has expired');
    await screen.findByText('Enter the 3 or 4 digits on the back of the card');
    type('Expiry (MM/YY)', '13/30');
    await screen.findByText('Enter the expiry as MM/YY');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says a declined payment was declined and keeps the form to try again', async () => {
    api(payableFixture(), () =>
      ok(payResult({ status: 'failed', result_code: 'DECLINED', message: 'The bank declined the card' })),
    );
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard('4000000000000002');
    await press('Pay 12.500 KWD');
    const alert = await screen.findByText('The bank declined the card');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Payment declined');
    expect(input('Card number').value).toBe('4000 0000 0000 0002');
    expect(location.pathname).toBe(`/smspay/${REF}`);
    expect(screen.getByRole('button', { name: 'Pay 12.500 KWD' })).toBeTruthy();
  });

  it('shows the server’s field messages under their fields', async () => {
    api(payableFixture(), () => ({
      status: 400,
      body: { message: 'Card number is not valid', errors: { 'card.number': 'Card number is not valid' } },
    }));
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await screen.findByText('Card number is not valid');
    expect(input('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('Card number')).toBe('Card number is not valid');
  });

  it('says so when the connection drops while paying, and keeps the form', async () => {
    api(payableFixture(), () => 'network');
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await screen.findByText('Network Error');
    expect(input('Card number').value).toBe('4111 1111 1111 1111');
  });

  it('sends a payment whose answer was lost again under the same key, and a new attempt under a new key', async () => {
    const answers: ('network' | 'declined' | 'paid')[] = ['network', 'declined', 'paid'];
    const requests = api(payableFixture(), () => {
      const next = answers.shift();
      if (next === 'network') return 'network';
      return ok(
        next === 'declined' ? payResult({ status: 'failed', message: 'The bank declined the card' }) : payResult(),
      );
    });
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await screen.findByText('Network Error');
    await press('Pay 12.500 KWD');
    await screen.findByText('The bank declined the card');
    await press('Pay 12.500 KWD');
    await screen.findByRole('heading', { name: 'Payment successful' });
    const keys = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('sends a changed payment under a new key even after a lost answer', async () => {
    let lost = true;
    const requests = api(payableFixture(), () => (lost ? ((lost = false), 'network') : ok(payResult())));
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await screen.findByText('Network Error');
    type('Card number', '5555555555554444');
    await press('Pay 12.500 KWD');
    await screen.findByRole('heading', { name: 'Payment successful' });
    const [first, second] = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers['idempotency-key']);
    expect(second).not.toBe(first);
  });

  it('pays with a wallet without card fields', async () => {
    const requests = api(payableFixture());
    await openPage(`/smspay/${REF}`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Apple Pay' }));
    await screen.findByText('You confirm the payment in Apple Pay.');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await press('Pay 12.500 KWD');
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ method: 'apple_pay' });
  });
});

describe('a payment still being processed (SPEC §8)', () => {
  it('after a pending answer: says so, and Continue brings the form back and sends continue_in_flight', async () => {
    const bodies: PayRequest[] = [];
    api(payableFixture(), (body) => {
      bodies.push(body);
      return ok(payResult({ status: 'pending', result_code: 'PENDING', message: null }));
    });
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard('4000000000000259');
    await press('Pay 12.500 KWD');
    await screen.findByRole('heading', { name: 'Your previous transaction is being processed' });
    await press('Continue');
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0].continue_in_flight).toBeUndefined();
    expect(bodies[1].continue_in_flight).toBe(true);
  });

  it('on opening a link with a payment in flight: Continue shows the form, and the payment sends continue_in_flight', async () => {
    const requests = api(payableFixture({ in_flight: 'TXN-2026-000700' }));
    await openPage(`/smspay/${REF}`);
    await screen.findByRole('heading', { name: 'Your previous transaction is being processed' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await press('Continue');
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ continue_in_flight: true });
  });

  it('Check again looks at the link again without counting another visit', async () => {
    const requests = api(payableFixture({ in_flight: 'TXN-2026-000700' }));
    await openPage(`/smspay/${REF}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => request.url)).toEqual([`/v1/pay/${REF}?visit=1`, `/v1/pay/${REF}`]);
  });

  it('a refused payment (409: paid meanwhile) shows what the link is now', async () => {
    let paid = false;
    stubApi((request) => {
      if (request.method === 'POST') {
        paid = true;
        return { status: 409, body: { message: 'This invoice is already paid' } };
      }
      return ok(payableFixture(paid ? { state: 'paid', receipt_reference: 'TXN-2026-000001' } : {}));
    });
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await screen.findByRole('heading', { name: 'This invoice is already paid' });
    expect(screen.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      '/transaction-receipt/TXN-2026-000001',
    );
  });

  it('a payment the merchant refuses (409: its daily limit) says why above the form, until the next try', async () => {
    const message =
      "This payment is above the merchant's daily limit. Please try again tomorrow or contact the merchant.";
    const requests = api(payableFixture(), () => ({ status: 409, body: { message } }));
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    await press('Pay 12.500 KWD');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    // The link was looked at again: it can still be paid, so the form is there, empty.
    expect(input('Card number').value).toBe('');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /v1/pay/${REF}?visit=1`,
      `POST /v1/pay/${REF}`,
      `GET /v1/pay/${REF}`,
    ]);
  });
});

describe('links that cannot be paid', () => {
  it.each([
    ['expired', 'This payment link has expired', 'Ask the merchant to send you a new link.'],
    ['cancelled', 'This invoice has been cancelled', 'The merchant cancelled this invoice; there is nothing to pay.'],
    ['paid', 'This invoice is already paid', 'Thank you, there is nothing more to pay.'],
    ['not_yet_due', 'This instalment is not due yet', 'It can be paid once the previous instalment is paid.'],
  ] as const)('%s: says so and offers no form', async (state, title, text) => {
    api(payableFixture({ state, receipt_reference: state === 'paid' ? 'TXN-2026-000001' : null }));
    await openPage(`/smspay/${REF}`);
    await screen.findByRole('heading', { name: title });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('link', { name: 'View receipt' }) !== null).toBe(state === 'paid');
  });

  it('an unknown reference: the link is not valid', async () => {
    api(payableFixture({ reference_no: 'SOMETHING-ELSE' }));
    await openPage('/smspay/NOPE-1');
    await screen.findByRole('heading', { name: 'Payment link not found' });
    expect(screen.getByText(/This payment link is not valid/)).toBeTruthy();
  });

  it('no connection: says so, and Try again loads the link', async () => {
    let online = false;
    const requests = stubApi(() => (online ? ok(payableFixture()) : 'network'));
    await openPage(`/smspay/${REF}`);
    await screen.findByRole('heading', { name: 'Network Error' });
    online = true;
    await press('Try again');
    await screen.findByRole('heading', { name: 'Office chairs' });
    // The first call never reached the server: the retry still counts the visit.
    expect(requests.map((request) => request.url)).toEqual([`/v1/pay/${REF}?visit=1`, `/v1/pay/${REF}?visit=1`]);
  });

  it('a server error: says so with a retry', async () => {
    stubApi(() => ({ status: 500, body: { message: 'Sorry, an error has occured' } }));
    await openPage(`/smspay/${REF}`);
    await screen.findByRole('heading', { name: 'Sorry, an error has occured' });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('an address without a reference', async () => {
    stubApi(() => 'network');
    await openPage('/smspay/');
    await screen.findByRole('heading', { name: 'Requested page not found!' });
  });
});

describe('open invoices', () => {
  const open = payableFixture({
    reference_no: 'OPN-2026-000009',
    kind: 'open',
    invoice_kind: 'open',
    title: 'Donations',
    customer_name: null,
    amount: null,
    min_amount: '1.000',
    max_amount: '50.000',
    methods: ['card'],
    fields: [
      { name: 'Civil ID', required: true, characters: 12 },
      { name: 'Note', required: false, characters: null },
    ],
  });

  it('takes an amount within the bounds and the merchant’s fields, and sends them', async () => {
    const requests = api(open);
    await openPage('/open-invoice/checkout/OPN-2026-000009');
    await screen.findByRole('heading', { name: 'Donations' });
    expect(screen.getByText('Between 1.000 KWD and 50.000 KWD')).toBeTruthy();
    await press('Pay now');
    await screen.findByText('Enter valid amount');
    expect(messageOf('Civil ID *')).toBe('This field is required');
    expect(messageOf('Note')).toBeNull();
    type('Amount to pay (KWD)', '60');
    await screen.findByText('Enter valid amount');
    type('Amount to pay (KWD)', '7.5');
    await waitFor(() => expect(screen.queryByText('Enter valid amount')).toBeNull());
    expect(input('Civil ID *').maxLength).toBe(12);
    type('Civil ID *', '290010112345');
    type('Name', 'Omar');
    fillCard();
    type('Name on card', 'Omar Saleh');
    await press('Pay 7.500 KWD');
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      method: 'card',
      amount: '7.500',
      card: { number: '4111111111111111', expiry: '12/30', cvv: '123', holder: 'Omar Saleh' },
      fields: { 'Civil ID': '290010112345' },
      payer: { name: 'Omar' },
    });
  });
});

describe('in Arabic', () => {
  it('opens with ?lng=ar right to left, with the Arabic name, and switches to English', async () => {
    const requests = api(payableFixture());
    await openPage(`/smspay/${REF}?lng=ar`);
    await screen.findByRole('heading', { name: 'Office chairs' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByText('متجر التجربة')).toBeTruthy();
    expect(screen.getByText('12.500 د.ك')).toBeTruthy();
    expect(screen.getByLabelText('رقم البطاقة')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ادفع 12.500 د.ك' })).toBeTruthy();
    expect(requests[0].headers.locale).toBe('ar');
    expect(JSON.parse(localStorage.getItem('persist:global') ?? '{}').language).toBe('ar');

    await press('English');
    await screen.findByLabelText('Card number');
    expect(document.documentElement.dir).toBe('ltr');
    expect(location.search).toBe('?lng=en');
    expect(JSON.parse(localStorage.getItem('persist:global') ?? '{}').language).toBe('en');
    expect(screen.getByText('Demo Store')).toBeTruthy();
  });

  it('shows server messages as the server wrote them, in the language it was asked for', async () => {
    const requests = api(payableFixture(), () =>
      ok(payResult({ status: 'failed', result_code: 'DECLINED', message: 'تم رفض البطاقة' })),
    );
    await openPage(`/smspay/${REF}?lng=ar`);
    await screen.findByLabelText('رقم البطاقة');
    type('رقم البطاقة', '4000000000000002');
    type('الانتهاء (شهر/سنة)', '12/30');
    type('رمز التحقق (CVV)', '123');
    await press('ادفع 12.500 د.ك');
    await screen.findByText('تم رفض البطاقة');
    expect(screen.getByText('تم رفض الدفع')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.headers.locale).toBe('ar');
  });
});

describe('a double tap', () => {
  it('sends one payment', async () => {
    const requests = api(payableFixture());
    await openPage(`/smspay/${REF}`);
    await screen.findByLabelText('Card number');
    fillCard();
    await settle();
    const button = screen.getByRole('button', { name: 'Pay 12.500 KWD' });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
