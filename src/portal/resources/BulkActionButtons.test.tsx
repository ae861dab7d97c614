// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentDay } from '../../schema/listDateRange';
import { answer, json } from '../data/testApi';
import { admin } from '../testAccess';
import { renderBackOffice, serveRecordedApi } from '../testBackOffice';

/**
 * Actions on ticked rows (`x-resource.bulkActions`): in the payment transactions report the
 * merchant ticks transactions and sends them for transfer, in English and Arabic; the server's
 * answer is said, and its refusal shown as worded.
 */

const today = currentDay();
const ROWS = [1, 2].map((id) => ({
  id,
  reference_no: `70000000000${id}`,
  customer_name: 'Noura',
  payment_method: 'card',
  amount: '10.000',
  status: 'success',
  created_at: `${today}T08:00:00Z`,
}));

serveRecordedApi();

function answerList() {
  return answer('get', '/report/transactions', () => json(ROWS, { headers: { 'Content-Range': 'transaction 0-1/2' } }));
}

describe('sending ticked transactions for transfer', { timeout: 20_000 }, () => {
  it.each([
    ['en', 'Send for transfer', 'Sent for transfer as PT-000042'],
    ['ar', 'إرسال للتحويل', 'أُرسلت للتحويل برقم PT-000042'],
  ] as const)('posts the ticked ids and says the transfer made (%s)', async (language, label, done) => {
    answerList();
    const sent = answer('post', '/payment-transfer/request', () =>
      json({ id: 42, document_no: 'PT-000042', status: 'not_transferred' }, { status: 201 }),
    );
    renderBackOffice('/report/payment-transactions', admin, { language });
    const cell = await screen.findByText(ROWS[0].reference_no, undefined, { timeout: 5000 });
    const row = cell.closest('tr');
    if (!row) throw new Error('The transaction is not a table row');
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ transaction_ids: [1] });
    expect(await screen.findByText(done)).toBeTruthy();
  });
});
