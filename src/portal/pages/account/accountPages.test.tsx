// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PortalPermissions } from '../../data/authProvider';
import { answer, json, server, type SentRequest } from '../../data/testApi';
import { ComplianceBanner } from '../../layout/ComplianceBanner';
import { renderAccountScreen } from '../own/testAccountScreens';

/** `/account/faq` (questions and guides, searchable, in the reader's language) and the compliance warning. */

const FAQ = [
  {
    id: 1,
    order: 1,
    category: 'refunds',
    question: 'Can I cancel a refund request?',
    question_ar: 'هل يمكنني إلغاء طلب استرداد؟',
    answer: 'Within 20 minutes.',
    answer_ar: 'خلال ٢٠ دقيقة.',
  },
  {
    id: 2,
    order: 2,
    category: 'account',
    question: 'How do I give an employee access?',
    question_ar: 'كيف أمنح موظفاً صلاحية الدخول؟',
    answer: 'Open Employees.',
    answer_ar: 'افتح الموظفين.',
  },
];
const GUIDES = [
  {
    id: 1,
    order: 1,
    title: 'Create and send an invoice',
    title_ar: 'إنشاء فاتورة وإرسالها',
    video_url: 'https://help.bawaba.example/guides/create-invoice',
  },
];

const list = (resource: string, rows: unknown[]) => () =>
  json(rows, { headers: { 'Content-Range': `${resource} 0-${rows.length - 1}/${rows.length}` } });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('/account/faq', { timeout: 20_000 }, () => {
  it('shows the questions as an accordion and the guides, narrowed by the search', async () => {
    answer('get', '/faq', list('faq', FAQ));
    answer('get', '/demo-guides', list('demo_guide', GUIDES));
    renderAccountScreen('/account/faq');
    const question = await screen.findByRole('button', { name: /Can I cancel a refund request\?/ }, { timeout: 5000 });
    fireEvent.click(question);
    expect(await screen.findByText('Within 20 minutes.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Watch the guide: Create and send an invoice/ }).getAttribute('href')).toBe(
      GUIDES[0].video_url,
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search questions and guides' }), {
      target: { value: 'employee' },
    });
    expect(screen.queryByRole('button', { name: /refund request/ })).toBeNull();
    expect(screen.getByRole('button', { name: /give an employee access/ })).toBeTruthy();
    expect(screen.queryByText('Demo guides')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByRole('status').textContent).toBe('Nothing matches your search');
  });

  it('reads in Arabic', async () => {
    answer('get', '/faq', list('faq', FAQ));
    answer('get', '/demo-guides', list('demo_guide', GUIDES));
    renderAccountScreen('/account/faq', undefined, [], 'ar');
    expect(await screen.findByRole('button', { name: /هل يمكنني إلغاء طلب استرداد؟/ }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('إنشاء فاتورة وإرسالها')).toBeTruthy();
  });
});

describe('/account/contact for a signed-in user', { timeout: 20_000 }, () => {
  it('shows the support details inside the back office, with its app bar', async () => {
    renderAccountScreen('/account/contact');
    expect(await screen.findByRole('heading', { name: 'Contact Us', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@bawaba.example' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to Sign In' })).toBeNull();
  });
});

describe('ComplianceBanner', { timeout: 20_000 }, () => {
  const banner = [<Route key="banner" path="/banner" element={<ComplianceBanner />} />];

  it('warns while a document is rejected or expires soon, with the way to compliance', async () => {
    const sent: SentRequest[] = [];
    answer('get', '/compliance/documents', (request) => {
      sent.push(request);
      const filter = JSON.parse(request.url.searchParams.get('filter') ?? '{}');
      const count = filter.expiry_date_lte ? 1 : 0;
      return json([], { headers: { 'Content-Range': `document 0-0/${count}` } });
    });
    renderAccountScreen('/banner', undefined, banner);
    expect(
      await screen.findByText('Some compliance documents are invalid or expiring soon', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review compliance' }).getAttribute('href')).toBe(
      '/sub-merchants/compliance',
    );
    const filters = sent.map((request) => JSON.parse(request.url.searchParams.get('filter') ?? '{}'));
    expect(filters).toContainEqual({ verification_status: 'rejected' });
    expect(filters).toContainEqual({
      verification_status: ['pending', 'approved'],
      expiry_date_lte: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('can be dismissed, and comes back when another document nears expiry', async () => {
    let expiring = [{ id: 4, expiry_date: '2026-12-01', verification_status: 'approved' }];
    answer('get', '/compliance/documents', (request) => {
      const filter = JSON.parse(request.url.searchParams.get('filter') ?? '{}');
      const rows = filter.expiry_date_lte ? expiring : [];
      const range = `document 0-${Math.max(rows.length - 1, 0)}/${rows.length}`;
      return json(rows, { headers: { 'Content-Range': range } });
    });
    const first = renderAccountScreen('/banner', undefined, banner);
    const message = 'Some compliance documents are invalid or expiring soon';
    expect(await screen.findByText(message, undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(message)).toBeNull();
    first.unmount();

    renderAccountScreen('/banner', undefined, banner);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(message)).toBeNull();
    cleanup();

    expiring = [...expiring, { id: 9, expiry_date: '2026-12-20', verification_status: 'pending' }];
    renderAccountScreen('/banner', undefined, banner);
    expect(await screen.findByText(message, undefined, { timeout: 5000 })).toBeTruthy();
    localStorage.clear();
  });

  it('stays away when every document is in order', async () => {
    const sent = answer('get', '/compliance/documents', () =>
      json([], { headers: { 'Content-Range': 'document */0' } }),
    );
    renderAccountScreen('/banner', undefined, banner);
    await waitFor(() => expect(sent.length).toBe(2));
    expect(screen.queryByText(/compliance documents/)).toBeNull();
  });

  it('asks nothing for a user who may not open the documents', async () => {
    const cashier = {
      role: 'employee',
      services: {},
      permissions: { general: ['invoices'] },
    } as unknown as PortalPermissions;
    const sent = answer('get', '/compliance/documents', () =>
      json([], { headers: { 'Content-Range': 'document */0' } }),
    );
    renderAccountScreen('/banner', cashier, banner);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/compliance documents/)).toBeNull();
    expect(sent).toHaveLength(0);
  });
});
