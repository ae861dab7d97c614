// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decryptPayload, deriveKey } from '../shared/crypto';
import type { PortalPermissions } from './data/authProvider';
import { KEYS, answer, json, server, type SentRequest } from './data/testApi';
import { renderBackOffice } from './testBackOffice';

/**
 * A section screen (`x-resource.sections`): `/employees/:id/permissions` edits the permissions of
 * one employee (SPEC §2, §6), with the rule of SPEC §5 (at least one permission), and saves the
 * whole employee with only its permissions changed, as the API's PUT replaces the record.
 */

const admin = {
  role: 'admin',
  services: {},
  permissions: {},
  isMultiVendor: false,
} as unknown as PortalPermissions;

const employee = {
  id: 5,
  user_id: 'EMP-0005',
  name: 'Noura Salem',
  email: 'noura@demo.test',
  designation: 'Cashier',
  permissions: { general: ['dashboard', 'invoices'], report: ['refunds'] },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

/** The body of a PUT as the API reads it: decrypted from `{data}` (employees travel encrypted). */
async function writtenRecord(sent: SentRequest): Promise<unknown> {
  const { data } = sent.body as { data: string };
  return decryptPayload(await deriveKey(KEYS.secret_key, KEYS.iv_key), data);
}

function answerEmployee() {
  answer('get', '/keys', () => json(KEYS));
  answer('get', '/employees/5', () => json(employee));
  return answer('put', '/employees/5', async (sent) =>
    json({ ...employee, ...((await writtenRecord(sent)) as object) }),
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const general = () => screen.findByRole('group', { name: 'General' }, { timeout: 15000 });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('/employees/:id/permissions', { timeout: 20_000 }, () => {
  it('shows the permission groups only, under the employee name', async () => {
    answerEmployee();
    renderBackOffice('/employees/5/permissions', admin);
    expect(within(await general()).getByRole('checkbox', { name: 'Invoices' })).toHaveProperty('checked', true);
    for (const group of ['SMS', 'Reports', 'Open invoice', 'Sales', 'Rental', 'Subscription']) {
      expect(screen.getByRole('group', { name: group })).toBeTruthy();
    }
    expect(screen.queryByRole('textbox', { name: /Name/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /E-mail/i })).toBeNull();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(await screen.findByText('Noura Salem — Permissions')).toBeTruthy();
  });

  it('refuses to save with no permission selected, and sends nothing', async () => {
    const sent = answerEmployee();
    renderBackOffice('/employees/5/permissions', admin);
    for (const checkbox of within(await general()).getAllByRole('checkbox')) {
      if ((checkbox as HTMLInputElement).checked) fireEvent.click(checkbox);
    }
    const reports = screen.getByRole('group', { name: 'Reports' });
    fireEvent.click(within(reports).getByRole('checkbox', { name: 'Refunds' }));
    save();
    expect(await screen.findByText('At least one permission must be selected')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('saves the whole employee with the new permissions, then says so and shows the list', async () => {
    const sent = answerEmployee();
    answer('get', '/employees', () => json([employee], { headers: { 'Content-Range': 'employee 0-0/1' } }));
    renderBackOffice('/employees/5/permissions', admin);
    fireEvent.click(within(await general()).getByRole('checkbox', { name: 'Reports' }));
    save();
    expect(await screen.findByText('changes saved', undefined, { timeout: 5000 })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].url.pathname).toBe('/v1/employees/5');
    expect(await writtenRecord(sent[0])).toEqual({
      name: 'Noura Salem',
      email: 'noura@demo.test',
      designation: 'Cashier',
      permissions: { general: ['dashboard', 'invoices', 'reports'], report: ['refunds'] },
    });
    expect(await screen.findByRole('table', undefined, { timeout: 5000 })).toBeTruthy();
  });
});

describe('the employee detail screen', { timeout: 20_000 }, () => {
  it('links to each section of the schema', async () => {
    answerEmployee();
    renderBackOffice('/employee/5/show', admin);
    const link = await screen.findByRole('link', { name: 'Permissions' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/employees/5/permissions');
  });
});
