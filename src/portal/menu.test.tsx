// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { GROUPS } from '../schema/groups';
import type { PortalPermissions } from './data/authProvider';
import { answer, json, server } from './data/testApi';
import { PortalMenu } from './layout/PortalMenu';
import { admin, staff } from './testAccess';
import { renderBackOffice } from './testBackOffice';

/**
 * The back-office menu: the dashboard first, then the entries the user may open — each resource's
 * list and each view without a route parameter — under their `x-resource.group`, groups in the
 * fixed order, empty ones hidden, each opening and closing by mouse or keyboard. A test-only
 * report (`tests/support/report-schema.ts`, group `reports`) is added to the registry.
 */

vi.mock('../schema/registry', async (importOriginal) =>
  (await import('./testReportRegistry')).registryWithReport(importOriginal),
);

function MenuLayout({ children }: { children: ReactNode }) {
  return <Layout menu={PortalMenu}>{children}</Layout>;
}

const Home = () => <p>Home</p>;

const renderMenu = (path: string, access: PortalPermissions, language: 'en' | 'ar' = 'en') =>
  renderBackOffice(path, access, { layout: MenuLayout, dashboard: Home, language });

/** The group headers of the menu, in order. */
async function groupHeaders(): Promise<HTMLElement[]> {
  await screen.findByRole('menuitem', { name: 'Dashboard' }, { timeout: 5000 });
  return screen.getAllByRole('menuitem').filter((item) => item.hasAttribute('aria-expanded'));
}

const header = async (name: string) => (await groupHeaders()).find((item) => item.textContent === name);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('the menu', { timeout: 20_000 }, () => {
  it('shows the dashboard first, then the groups in their fixed order, closed away from their screens', async () => {
    renderMenu('/', admin);
    const headers = await groupHeaders();
    const names = headers.map((item) => item.textContent);
    const expected = GROUPS.map((group) => en.app.menu.groups[group]).filter((name) => names.includes(name));
    expect(names).toEqual(expected);
    expect(names.slice(0, 2)).toEqual(['Invoices', 'Reports']);
    const items = screen.getAllByRole('menuitem');
    expect(items[0].textContent).toBe('Dashboard');
    expect(headers.every((item) => item.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it("lists a resource's list and its views under its group, not a view that needs a record", async () => {
    renderMenu('/', admin);
    const reports = await header('Reports');
    fireEvent.click(reports as HTMLElement);
    expect(reports?.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: 'Reports' });
    expect(within(group).getByRole('menuitem', { name: 'Settlements' }).getAttribute('href')).toBe(
      '/test/settlement-list',
    );
    expect(within(group).getByRole('menuitem', { name: 'Incomplete' }).getAttribute('href')).toBe('/test/incomplete');
    expect(within(group).getByRole('menuitem', { name: 'On hold' }).getAttribute('href')).toBe('/test/on-hold');
    expect(within(group).queryByRole('menuitem', { name: 'Terminal' })).toBeNull();
    fireEvent.click(reports as HTMLElement);
    expect(reports?.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the group of the current screen', async () => {
    answer('get', '/test/settlements', () => json([], { headers: { 'Content-Range': 'settlement */0' } }));
    renderMenu('/test/incomplete', admin);
    expect((await header('Reports'))?.getAttribute('aria-expanded')).toBe('true');
    expect((await header('Invoices'))?.getAttribute('aria-expanded')).toBe('false');
  });

  it("marks the current screen's entry, and the dashboard only on its own address", async () => {
    answer('get', '/test/settlements', () => json([], { headers: { 'Content-Range': 'settlement */0' } }));
    renderMenu('/test/incomplete', admin);
    await header('Reports');
    const group = screen.getByRole('group', { name: 'Reports' });
    expect(within(group).getByRole('menuitem', { name: 'Incomplete' }).getAttribute('aria-current')).toBe('page');
    expect(within(group).getByRole('menuitem', { name: 'Settlements' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).hasAttribute('aria-current')).toBe(false);
  });

  it("marks an entry on a record's page below it, whatever the case and a trailing slash", async () => {
    answer('get', '/test/settlements', () => json([], { headers: { 'Content-Range': 'settlement */0' } }));
    renderMenu('/Test/Incomplete/42/', admin);
    await header('Reports');
    const group = screen.getByRole('group', { name: 'Reports' });
    expect(within(group).getByRole('menuitem', { name: 'Incomplete' }).getAttribute('aria-current')).toBe('page');
    expect(within(group).getByRole('menuitem', { name: 'On hold' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).hasAttribute('aria-current')).toBe(false);
  });

  it('opens and closes a group from the keyboard', async () => {
    renderMenu('/', admin);
    const reports = (await header('Reports')) as HTMLElement;
    expect(reports.tabIndex).toBe(0);
    reports.focus();
    fireEvent.keyDown(reports, { key: 'Enter' });
    expect(reports.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Reports' })).toBeTruthy();
    fireEvent.keyDown(reports, { key: ' ' });
    expect(reports.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Reports' })).toBeNull();
  });

  it('shows an employee only what they may open, and hides empty groups', async () => {
    renderMenu('/', staff);
    const names = (await groupHeaders()).map((item) => item.textContent);
    expect(names).not.toContain('Employees');
    fireEvent.click((await header('Reports')) as HTMLElement);
    const group = screen.getByRole('group', { name: 'Reports' });
    expect(within(group).getByRole('menuitem', { name: 'Incomplete' })).toBeTruthy();
    expect(within(group).queryByRole('menuitem', { name: 'Settlements' })).toBeNull();
  });

  it('names the groups in Arabic', async () => {
    renderMenu('/', admin, 'ar');
    await screen.findByRole('menuitem', { name: 'التقارير' }, { timeout: 5000 });
    expect(screen.getByRole('menuitem', { name: 'الفواتير' })).toBeTruthy();
  });
});
