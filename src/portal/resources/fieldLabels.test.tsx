// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, json } from '../data/testApi';
import { admin } from '../testAccess';
import { renderBackOffice, serveRecordedApi } from '../testBackOffice';

/**
 * Logs name the fields that changed (`x-ui.fieldOf`): the activity log shows each by its label in
 * the user's language, taken from the entity the row is about, not by its name in the schema.
 */

serveRecordedApi();

const ROWS = [
  {
    id: 7,
    occurred_at: '2026-11-20T08:00:00Z',
    event: 'record_changed',
    result: 'success',
    actor_kind: 'admin',
    actor_name: 'Hessa Al-Noori',
    entity: 'merchant',
    record_name: 'Jahra Branch',
    field: 'webhook_url',
    ip: '10.0.0.7',
  },
];

/** Opens the first row's detail by its arrow: a button named for what it does, saying whether the detail is open. */
async function expandFirstRow(name: RegExp) {
  const arrow = screen.getAllByRole('button', { name })[0];
  expect(arrow.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(arrow);
  await waitFor(() => expect(arrow.getAttribute('aria-expanded')).toBe('true'));
  expect(document.getElementById(arrow.getAttribute('aria-controls') ?? '')).toBeTruthy();
}

function answerLog() {
  answer('get', '/audit-log', () => json(ROWS, { headers: { 'Content-Range': 'audit_event 0-0/1' } }));
}

describe('the activity log', { timeout: 20_000 }, () => {
  it('shows a changed field by its label in English', async () => {
    answerLog();
    renderBackOffice('/account/audit-log', admin);
    expect(await screen.findByText('Jahra Branch', undefined, { timeout: 10_000 })).toBeTruthy();
    // The field's column has a low priority: it folds into the row's detail on narrower screens.
    await expandFirstRow(/^Expand$/);
    expect(await screen.findByText('Webhook URL')).toBeTruthy();
    expect(screen.queryByText('webhook_url')).toBeNull();
  });

  it('and in Arabic', async () => {
    answerLog();
    renderBackOffice('/account/audit-log', admin, { language: 'ar' });
    expect(await screen.findByText('Jahra Branch', undefined, { timeout: 10_000 })).toBeTruthy();
    // The harness gives react-admin's own words in English only; the portal has them in Arabic too.
    await expandFirstRow(/^(توسيع|Expand)$/);
    expect(await screen.findByText('رابط Webhook')).toBeTruthy();
    expect(screen.queryByText('webhook_url')).toBeNull();
  });
});
