// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EnquiryAnswer } from '../../shared/transaction-enquiry';
import { answer, json } from '../data/testApi';
import { admin, employee } from '../testAccess';
import { renderBackOffice, serveRecordedApi } from '../testBackOffice';

/**
 * The transaction enquiry screen (SPEC §7) over a stand-in `GET /v1/transaction-enquiry`: the
 * search kind and value (and the amount for a mobile), each match as a card with its stored and
 * processor statuses and a link to its record, the duplicate advice, refusals, and the gate.
 */

vi.mock('../shell/providers', async (importOriginal) => {
  const { harness } = await import('../data/testApi');
  return {
    ...(await importOriginal<typeof import('../shell/providers')>()),
    http: harness({ signedIn: true }).http,
  };
});

const ADVICE = 'Wait 10 minutes before treating it as a duplicate.';
const FOUND: EnquiryAnswer = {
  transactions: [
    {
      transaction: {
        id: 41,
        reference_no: '700000000041',
        customer_name: 'Noor Hamdan',
        customer_mobile: '96550001234',
        payment_method: 'card',
        amount: '7.500',
        status: 'success',
        track_id: 'TRK000000000041',
        created_at: '2026-11-18T09:30:00Z',
      },
      stored_status: 'pending',
      processor_status: 'success',
    },
    {
      transaction: { id: 42, reference_no: '700000000042', amount: '7.500', status: 'pending', payment_method: 'card' },
      stored_status: 'pending',
      processor_status: 'pending',
    },
  ],
  advice: ADVICE,
};

const requests = serveRecordedApi();

async function renderScreen(language: 'en' | 'ar' = 'en') {
  renderBackOffice('/transaction-enquiry', admin, { language });
  return screen.findByRole('search', undefined, { timeout: 30_000 });
}

describe('the transaction enquiry screen', { timeout: 60_000 }, () => {
  it('searches by mobile with the amount and shows both states of each match, and the advice', async () => {
    const sent = answer('get', '/transaction-enquiry', () => json(FOUND));
    const form = await renderScreen();
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Search by' }));
    fireEvent.click(await screen.findByRole('option', { name: "Payer's mobile" }));
    fireEvent.change(within(form).getByRole('textbox', { name: "Payer's mobile" }), {
      target: { value: '96550001234' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Amount (KWD)' }), { target: { value: '7.500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('list', { name: 'Transactions found' });
    expect(Object.fromEntries(sent[0].url.searchParams)).toEqual({ mobile: '96550001234', amount: '7.500' });
    expect(screen.getByRole('alert').textContent).toContain(ADVICE);
    const cards = within(results).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('link', { name: '700000000041' }).getAttribute('href')).toBe(
      '/report/payment-transactions/41',
    );
    expect(within(cards[0]).getByText('7.500 KWD')).toBeTruthy();
    expect(within(cards[0]).getAllByText('Success')).toHaveLength(2);
    expect(within(cards[0]).getByText(/was Pending; settled by the processor's answer/)).toBeTruthy();
    expect(within(cards[1]).getAllByText('Pending')).toHaveLength(2);
  });

  it('searches by reference no, says when nothing matched, and shows a refusal', async () => {
    const sent = answer('get', '/transaction-enquiry', () => json({ transactions: [], advice: null }));
    const form = await renderScreen();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Reference no' }), {
      target: { value: ' 700000000099 ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No transaction found')).toBeTruthy();
    expect(Object.fromEntries(sent[0].url.searchParams)).toEqual({ reference_no: '700000000099' });
    expect(screen.queryByText(ADVICE)).toBeNull();

    answer('get', '/transaction-enquiry', () =>
      json({ message: 'Enter a reference no', errors: { reference_no: 'Required' } }, { status: 400 }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter a reference no');
  });

  it('reads in Arabic', async () => {
    answer('get', '/transaction-enquiry', () => json(FOUND));
    const form = await renderScreen('ar');
    fireEvent.change(within(form).getByRole('textbox', { name: 'الرقم المرجعي' }), {
      target: { value: '700000000041' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'بحث' }));
    const results = await screen.findByRole('list', { name: 'المعاملات التي تم العثور عليها' });
    expect(within(results).getAllByText('الحالة لدى جهة المعالجة')).toHaveLength(2);
  });

  it('is closed to an employee without the reports permission, and asks nothing', async () => {
    renderBackOffice('/transaction-enquiry', employee(['invoices']));
    // The back office does not even route it for this employee, or routes it to the gate's refusal.
    expect(await screen.findByRole('heading', { name: /Access denied|not found/i }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
    expect(requests.filter((path) => path.endsWith('/transaction-enquiry'))).toEqual([]);
  });
});
