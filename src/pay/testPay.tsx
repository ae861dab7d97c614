/** @jsxImportSource preact */
import { render } from 'preact';
import { vi } from 'vitest';
import type { Language } from '../shared/i18n';
import type { Payable, PayResult, Receipt } from '../shared/pay';
import { App } from './App';
import { applyDocumentLanguage, initialLanguage, loadMessages } from './i18n/language';

/**
 * Test support for the payer pages: typed fixtures, a stand-in for the payer API on `fetch` that
 * records every request, and the app rendered at an address as a payer would open it.
 */

export function payableFixture(overrides: Partial<Payable> = {}): Payable {
  return {
    reference_no: 'INV-2026-000123',
    kind: 'invoice',
    invoice_kind: 'quick',
    state: 'payable',
    merchant: { name: 'Demo Store', name_ar: 'متجر التجربة', logo: null },
    title: 'Office chairs',
    description: 'Two chairs, delivered',
    customer_name: 'Fatima Ali',
    amount: '12.500',
    min_amount: null,
    max_amount: null,
    currency: 'KWD',
    methods: ['card', 'apple_pay', 'cash'],
    fields: [],
    expiry_date: '2027-01-31',
    parts: [],
    in_flight: null,
    receipt_reference: null,
    subscription: null,
    parent_reference: null,
    ...overrides,
  };
}

export function receiptFixture(overrides: Partial<Receipt> = {}): Receipt {
  return {
    transaction_reference: 'TXN-2026-000777',
    invoice_reference: 'INV-2026-000123',
    merchant: { name: 'Demo Store', name_ar: 'متجر التجربة', logo: null },
    customer_name: 'Fatima Ali',
    amount: '12.500',
    currency: 'KWD',
    method: 'card',
    status: 'success',
    result_code: 'CAPTURED',
    auth_code: '123456',
    payment_id: '100200300400500600',
    track_id: 'TRK000111222333',
    card_last4: '1111',
    created_at: '2026-11-21T09:05:00.000Z',
    ...overrides,
  };
}

export const payResult = (overrides: Partial<PayResult> = {}): PayResult => ({
  status: 'success',
  transaction_reference: 'TXN-2026-000777',
  result_code: 'CAPTURED',
  message: null,
  ...overrides,
});

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** One answer of the stand-in API: a status and a JSON body, or no answer at all. */
export type StubAnswer = { status: number; body: unknown } | 'network';

/**
 * Replaces `fetch` with `handler`, called with each request; returns the recorded requests.
 * Restore with `vi.unstubAllGlobals()`.
 */
export function stubApi(handler: (request: RecordedRequest) => StubAnswer): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = handler(request);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

export const ok = (body: unknown): StubAnswer => ({ status: 200, body });

/** Opens `path` (with its query, e.g. `?lng=ar`) the way `main.tsx` does; returns the page's root. */
export async function openPage(path: string): Promise<HTMLElement> {
  history.replaceState(null, '', path);
  const language: Language = initialLanguage();
  applyDocumentLanguage(language);
  const messages = await loadMessages(language);
  const root = document.createElement('div');
  document.body.append(root);
  render(<App language={language} messages={messages} />, root);
  return root;
}

/** Unmounts every page opened by `openPage` and forgets the remembered language. */
export function closePages(): void {
  for (const root of [...document.body.children]) {
    render(null, root);
    root.remove();
  }
  localStorage.clear();
  vi.unstubAllGlobals();
}
