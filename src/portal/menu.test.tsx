// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { ReactNode } from 'react';
import { Admin, Layout, memoryStore, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { GROUPS } from '../schema/groups';
import { backOfficeRoutes } from './backOfficeRoutes';
import type { PortalPermissions } from './data/authProvider';
import { createDataProvider } from './data/dataProvider';
import { answer, harness, json, server } from './data/testApi';
import { PortalMenu } from './layout/PortalMenu';
import { LanguageProvider } from './shell/LanguageProvider';

/**
 * The back-office menu: the dashboard first, then the entries the user may open — each resource's
 * list and each view without a route parameter — under their `x-resource.group`, groups in the
 * fixed order, empty ones hidden, each opening and closing by mouse or keyboard. A test-only
 * report (`tests/support/report-schema.ts`, group `reports`) is added to the registry.
 */

vi.mock('../schema/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../schema/registry')>();
  const { reportSchema } = await import('../../tests/support/report-schema');
  const entitySchemas = { ...real.entitySchemas, [reportSchema.$id]: reportSchema };
  return {
    entitySchemas,
    getEntitySchema(name: string) {
      const schema = entitySchemas[name];
      if (!schema) throw new Error(`Unknown entity schema: ${name}`);
      return schema;
    },
  };
});

const everything = {
  open_invoice: true,
  quick_invoice: true,
  payment_gateway: true,
  product_listing: true,
  pos_terminal: true,
  delivery_invoice: true,
  property_management: true,
};
const admin = { role: 'admin', services: everything, permissions: {}, isMultiVendor: false } as PortalPermissions;
const staff = {
  ...admin,
  role: 'employee',
  permissions: { general: ['dashboard', 'invoices', 'reports'] } as PortalPermissions['permissions'],
} as PortalPermissions;

const catalogues = { en: { ...englishMessages, ...en }, ar: { ...englishMessages, ...ar } };

function MenuLayout({ children }: { children: ReactNode }) {
  return <Layout menu={PortalMenu}>{children}</Layout>;
}

const Home = () => <p>Home</p>;

function renderMenu(path: string, access: PortalPermissions, language: 'en' | 'ar' = 'en') {
  const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as 'en' | 'ar'], language, {
    allowMissing: true,
  });
  const authProvider: AuthProvider = {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(access),
  };
  const { http } = harness({ signedIn: true });
  return render(
    <LanguageProvider i18nProvider={i18nProvider}>
      <TestMemoryRouter initialEntries={[path]}>
        <Admin
          dataProvider={createDataProvider(http)}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          layout={MenuLayout}
          dashboard={Home}
          disableTelemetry
        >
          {(permissions: PortalPermissions | undefined) => backOfficeRoutes(permissions)}
        </Admin>
      </TestMemoryRouter>
    </LanguageProvider>,
  );
}

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
    const expected = GROUPS.map((group) => catalogues.en.app.menu.groups[group]).filter((name) => names.includes(name));
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
    expect(within(group).getByRole('menuitem', { name: 'Settlements' }).getAttribute('href')).toBe('/settlement');
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

  it('opens and closes a group from the keyboard', async () => {
    renderMenu('/', admin);
    const reports = (await header('Reports')) as HTMLElement;
    expect(reports.tabIndex).toBe(0);
    reports.focus();
    fireEvent.keyDown(reports, { key: 'Enter' });
    expect(reports.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Reports' })).toBeTruthy();
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
