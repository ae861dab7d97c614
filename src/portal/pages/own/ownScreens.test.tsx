// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PortalPermissions } from '../../data/authProvider';
import { answer, json, server } from '../../data/testApi';
import { ownPaths } from '../ownPaths';
import { ownMenuEntries, ownRoutes } from '../ownRoutes';
import { renderAccountScreen } from './testAccountScreens';

/**
 * The merchant's own records in the portal (`x-resource.own`): the profile at `/account/profile`,
 * its edit form and payment settings section, and the notification settings on the notifications
 * page — generic screens over `GET`/`PUT <own.endpoint>`, gated like the entity.
 */

const cashier = {
  role: 'employee',
  services: {},
  permissions: { general: ['invoices'] },
} as unknown as PortalPermissions;

const profile = {
  id: 1,
  code: 'M00001',
  reference_number: 'MER-2026-000001',
  name: 'Al Noor Trading Co.',
  name_ar: 'شركة النور للتجارة',
  email: 'info@alnoor-trading.com.kw',
  mobile: '99881234',
  country: 'KW',
  active: true,
  terms_enabled: true,
  iban: 'KW81NBOK0000000000001000372151',
  bank_name: 'National Bank of Kuwait',
  webhook_url: 'https://api.alnoor-trading.com.kw/hook',
  access_code: 'AC-1001',
  created_at: '2026-01-05T10:00:00.000Z',
};

const settings = { id: 1, push_enabled: true, push_sub_users: false, webhook_url: 'https://hooks.alnoor.com.kw/pay' };

const notification = {
  id: 7,
  type: 'payment',
  title: 'Payment received',
  title_ar: 'تم استلام دفعة',
  body: 'Ahmed paid 45.500 KWD.',
  body_ar: 'دفع أحمد 45.500 د.ك.',
  read: false,
  created_at: '2026-03-01T09:00:00.000Z',
};

const renderAt = (path: string, access?: PortalPermissions) => renderAccountScreen(path, access);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const textbox = (name: string) => screen.findByRole('textbox', { name: new RegExp(`^${name}`) }, { timeout: 5000 });

describe('own record screens', { timeout: 20_000 }, () => {
  it('answer the account paths and offer the profile and payment settings in the menu', () => {
    expect([...ownPaths].sort()).toEqual([
      '/account/editProfile',
      '/account/faq',
      '/account/notification',
      '/account/paymentsettings',
      '/account/profile',
      '/account/security',
    ]);
    // Contact Us is a public page that a signed-in user reads inside the back office.
    expect(ownRoutes().map((route) => (route.props as { path: string }).path)).toEqual([
      ...ownPaths,
      '/account/contact',
    ]);
    expect(ownMenuEntries.map((entry) => entry.path)).toEqual(['/account/profile', '/account/paymentsettings']);
  });

  it('show the profile with its edit and section buttons, its keys masked, no internal id', async () => {
    answer('get', '/profile/merchant', () => json({ ...profile, access_code: 'AC0123456789', seq_id: 7 }));
    renderAt('/account/profile');
    expect(await screen.findByText('KW81NBOK0000000000001000372151', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('IBAN')).toBeTruthy();
    // The keys by their labels, each behind a Reveal that asks for the password again.
    expect(screen.getByText('Secret key')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Reveal' })).toHaveLength(3);
    expect(screen.queryByText('AC0123456789')).toBeNull();
    expect(screen.queryByText('Seq ID')).toBeNull();
    // A country by its name, not its code.
    expect(screen.getByText('Kuwait')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/account/editProfile');
    expect(screen.getByRole('link', { name: 'Payment settings' }).getAttribute('href')).toBe(
      '/account/paymentsettings',
    );
  });

  it('save a section with the rest of the record unchanged, under the same rules', async () => {
    answer('get', '/profile/merchant', () => json(profile));
    const sent = answer('put', '/profile/merchant', (request) => json({ ...profile, ...(request.body as object) }));
    renderAt('/account/paymentsettings');
    const iban = await textbox('IBAN');
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();

    fireEvent.change(iban, { target: { value: 'KW12' } });
    save();
    expect(
      await screen.findByText('Enter a valid Kuwaiti IBAN: KW, 2 digits, 4 letters and 22 letters or digits'),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(iban, { target: { value: 'KW39KFHO0000000000051010045670' } });
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({
      name: profile.name,
      mobile: profile.mobile,
      iban: 'KW39KFHO0000000000051010045670',
    });
    expect(sent[0].body).not.toHaveProperty('code');
    expect(sent[0].body).not.toHaveProperty('id');
  });

  it('list the notifications above the settings, and need a webhook URL to save them', async () => {
    answer('get', '/notifications', () => json([notification], { headers: { 'Content-Range': 'notification 0-0/1' } }));
    answer('get', '/push-notification/settings', () => json(settings));
    const sent = answer('put', '/push-notification/settings', (request) =>
      json({ ...settings, ...(request.body as object) }),
    );
    renderAt('/account/notification');
    const row = (await screen.findByText('Payment received', undefined, { timeout: 5000 })).closest('tr');
    expect(within(row as HTMLElement).getByRole('button', { name: /Mark as read/ })).toBeTruthy();
    expect(within(row as HTMLElement).getByText('Unread')).toBeTruthy();

    fireEvent.change(await textbox('Webhook URL'), { target: { value: '' } });
    save();
    expect(await screen.findByText('A webhook URL must be entered')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('mark every notification read at once', async () => {
    let read = false;
    const rows = () => [{ ...notification, read }];
    answer('get', '/notifications', (request) => {
      const filter = JSON.parse(request.url.searchParams.get('filter') ?? '{}');
      const shown = filter.read === false ? rows().filter((row) => !row.read) : rows();
      return json(shown, { headers: { 'Content-Range': `notification 0-0/${shown.length}` } });
    });
    answer('get', '/push-notification/settings', () => json(settings));
    const marked = answer('post', '/notifications/read-all', () => {
      read = true;
      return json({ marked: 1 });
    });
    renderAt('/account/notification');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }, { timeout: 15_000 }));
    await waitFor(() => expect(marked).toHaveLength(1));
    // The column is headed "Read" too: the row is the body's one.
    const readCell = async () => (await screen.findAllByText('Read')).find((element) => element.closest('tbody'));
    await waitFor(async () => expect(await readCell()).toBeTruthy());
    const row = (await readCell())?.closest('tr');
    expect(within(row as HTMLElement).queryByRole('button', { name: /Mark as read/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it("are closed to an employee without the entity's permission, without asking the API", async () => {
    renderAt('/account/profile', cashier);
    expect(await screen.findByText('You do not have permission to do this', undefined, { timeout: 5000 })).toBeTruthy();
  });
});
