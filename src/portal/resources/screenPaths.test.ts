import { describe, expect, it } from 'vitest';
import { allows } from '../../schema/operations';
import { entitySchemas, getEntitySchema } from '../../schema/registry';
import { fillRoute, resourcePath, screenPath, screenRoute, screenRoutes, sectionScreenPath } from './screenPaths';

const invoice = getEntitySchema('invoice');
const transaction = getEntitySchema('transaction');

describe('screen addresses from the schemas', () => {
  it('puts a list at its SPEC route, a record page below it and its edit form below that', () => {
    expect(screenPath(invoice, 'list')).toBe('/invoice/invoice-list');
    expect(screenPath(invoice, 'show', 40)).toBe('/invoice/invoice-list/40');
    expect(screenPath(invoice, 'edit', 40)).toBe('/invoice/invoice-list/40/edit');
    expect(screenPath(invoice, 'create')).toBe('/invoice/invoice-list/create');
    expect(screenPath(transaction, 'list')).toBe('/report/payment-transactions');
    expect(screenPath(transaction, 'show', 189)).toBe('/report/payment-transactions/189');
  });

  it("follows the schema's own create, show and edit routes", () => {
    expect(screenPath(getEntitySchema('merchant'), 'create')).toBe('/multi-vendor/create-merchant-list');
    expect(screenPath(getEntitySchema('email_template'), 'create')).toBe('/sales/template');
    expect(screenPath(getEntitySchema('sale_order'), 'show', 42)).toBe('/sales/sales-order-status/42');
    expect(screenPath(getEntitySchema('admin_charge'), 'show', 3)).toBe('/setting/admin-charges/3');
    const employee = getEntitySchema('employee');
    expect(screenPath(employee, 'edit', 7)).toBe('/employees/7');
    expect(screenPath(employee, 'show', 7)).toBe('/employees/list/7');
    expect(screenPath(employee, 'create')).toBe('/employees/create');
    expect(sectionScreenPath(employee, 'permissions', 7)).toBe('/employees/7/permissions');
  });

  it('keeps the sub-merchants out of /merchant, the sign-in page', () => {
    const merchant = getEntitySchema('merchant');
    expect(screenPath(merchant, 'list')).toBe('/multi-vendor/merchant-list');
    expect(screenPath(merchant, 'show', 5)).toBe('/multi-vendor/merchant-list/5');
    expect(screenPath(merchant, 'edit', 5)).toBe('/multi-vendor/merchant-list/5/edit');
    for (const entity of Object.values(entitySchemas))
      for (const { path } of screenRoutes(entity)) expect(path).not.toMatch(/^\/merchant(\/|$)/);
  });

  it('gives an entity without a SPEC route an address of its own', () => {
    const rent = getEntitySchema('rent_invoice');
    expect(screenPath(rent, 'list')).toBe('/rent_invoice');
    expect(screenPath(rent, 'show', 9)).toBe('/rent_invoice/9');
  });

  it('puts a record opened from a view below the view, with its route parameters', () => {
    expect(screenPath(transaction, 'list', undefined, { view: 'payment_list' })).toBe('/report/payment-list');
    expect(screenPath(transaction, 'show', 189, { view: 'payment_list' })).toBe('/report/payment-list/189');
    expect(screenPath(invoice, 'edit', 40, { view: 'delivery' })).toBe('/delivery/invoice-list/40/edit');
    const tenant = getEntitySchema('tenant');
    expect(screenPath(tenant, 'show', 12, { view: 'by_unit', params: { unit_id: '5' } })).toBe(
      '/unit/tenant-list/5/12',
    );
    // Without the view's parameter, the record is at its list's address.
    expect(screenPath(tenant, 'show', 12, { view: 'by_unit' })).toBe('/assets/tenants/12');
  });

  it('gives two entities sharing a list route record pages of their own', () => {
    const faq = screenPath(getEntitySchema('faq'), 'show', 3);
    const guide = screenPath(getEntitySchema('demo_guide'), 'show', 3);
    expect(faq).not.toBe(guide);
    expect(guide).toBe('/account/faq/demo-guide/3');
  });

  it('encodes ids and answers react-admin-style requests by name', () => {
    expect(fillRoute('/a/:id/b', { id: 'x/y' })).toBe('/a/x%2Fy/b');
    expect(resourcePath({ resource: 'invoice', type: 'show', id: 40 })).toBe('/invoice/invoice-list/40');
  });

  it('gives every screen of every entity one route, none claimed by two entities', () => {
    const owners = new Map<string, string>();
    for (const entity of Object.values(entitySchemas))
      for (const { screen, path } of screenRoutes(entity)) {
        if (screen === 'list') continue;
        expect(owners.get(path), `${path} of ${entity.$id}`).toBeUndefined();
        owners.set(path, entity.$id);
      }
    expect(screenRoute(transaction, 'show')).toBe('/report/payment-transactions/:id');
    const offered = screenRoutes(transaction).map(({ screen }) => screen);
    expect(offered).not.toContain('create');
    expect(allows(transaction, 'show')).toBe(true);
  });
});
