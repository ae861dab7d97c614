// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalPermissions } from './data/authProvider';
import { answer, json } from './data/testApi';
import { everyService, staff as demoStaff } from './testAccess';
import { renderBackOffice, serveRecordedApi } from './testBackOffice';

/**
 * SPEC §6 and §8 in the back office: a resource the user may not use answers every one of its
 * routes — react-admin's and the old portal's — with the reason, and never calls the API for it.
 * The rule is `accessDenial`, read from each schema's `x-resource` (employees need the `employees`
 * permission; products need the `product_listing` service; invoices `invoices` and `quick_invoice`).
 */

/** An employee with invoices and reports, at a merchant whose product listing is off. */
const staff: PortalPermissions = { ...demoStaff, services: { ...everyService, product_listing: false } };

const requested = serveRecordedApi();

describe('an employee without the employees permission', () => {
  it.each([
    '/employee',
    '/employee/create',
    '/employee/5',
    '/employee/5/show',
    '/employee/5/permissions',
    '/employees/list',
    '/employees/5',
    '/employees/5/permissions',
  ])('sees the 403 screen at %s, and nothing asks for the employees', async (path) => {
    renderBackOffice(path, staff);
    expect(await screen.findByRole('heading', { name: 'Access denied' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('You do not have permission to do this')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(requested.filter((url) => url.includes('/employees'))).toEqual([]);
  });
});

describe('a merchant without the recurring subscription service', () => {
  const admin: PortalPermissions = {
    ...demoStaff,
    role: 'admin',
    services: { ...everyService, recurring_subscription: false },
  };

  it.each(['/subscription/recurring', '/subscription/create'])(
    'reads "recurring subscription payment type not enabled, contact support" at %s, in English and Arabic',
    async (path) => {
      const english = renderBackOffice(path, admin);
      expect(
        await screen.findByText('recurring subscription payment type not enabled, contact support', undefined, {
          timeout: 5000,
        }),
      ).toBeTruthy();
      english.unmount();
      renderBackOffice(path, admin, { language: 'ar' });
      expect(
        await screen.findByText('نوع دفع الاشتراك المتكرر غير مفعّل، يرجى التواصل مع الدعم', undefined, {
          timeout: 5000,
        }),
      ).toBeTruthy();
      expect(requested.filter((url) => url.includes('/subscription'))).toEqual([]);
    },
  );
});

describe('a merchant whose product listing service is off', () => {
  it.each(['/product', '/product/create', '/sales/products', '/sales/create-products'])(
    'sees "Service not fully enabled, please contact support" at %s, and nothing asks for the products',
    async (path) => {
      renderBackOffice(path, staff);
      expect(await screen.findByRole('heading', { name: 'Service not enabled' }, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByText('Service not fully enabled, please contact support')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(requested.filter((url) => url.includes('/products'))).toEqual([]);
    },
  );

  it('reads the same in Arabic', async () => {
    renderBackOffice('/sales/products', staff, { language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'الخدمة غير مفعّلة' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('الخدمة غير مفعّلة بالكامل، يرجى التواصل مع الدعم')).toBeTruthy();
    expect(requested).toEqual([]);
  });
});

describe('the 403 screen in Arabic', () => {
  it('says the employee lacks the permission', async () => {
    renderBackOffice('/employees/list', staff, { language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'تم رفض الوصول' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('ليست لديك صلاحية للقيام بذلك')).toBeTruthy();
    expect(requested).toEqual([]);
  });
});

describe('a resource the employee may use', () => {
  it('shows its list, from the API', async () => {
    const sent = answer('get', '/invoice', () =>
      json(
        [
          {
            id: 7,
            reference_no: 'INV-2026-000007',
            customer_name: 'Loyal Customer',
            amount: '12.500',
            status: 'unpaid',
          },
        ],
        { headers: { 'Content-Range': 'invoice 0-0/1' } },
      ),
    );
    renderBackOffice('/invoice/invoice-list', staff);
    expect(await screen.findByText('Loyal Customer', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Access denied' })).toBeNull();
  });
});
