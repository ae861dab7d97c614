import { describe, expect, it } from 'vitest';
import { accessDenial, permissionsOf, type AccessProfile } from './access';
import { entitySchemas } from './registry';

const everything: AccessProfile['services'] = { quick_invoice: true, product_listing: true };
const admin: AccessProfile = { role: 'admin', services: everything, permissions: {} };
const staff: AccessProfile = { role: 'employee', services: everything, permissions: { general: ['invoices'] } };

describe('access to an entity', () => {
  it('needs the merchant service the entity names, for admins and employees alike', () => {
    const noInvoices = { quick_invoice: false, product_listing: true };
    expect(accessDenial(entitySchemas.invoice, { ...admin, services: noInvoices })).toBe('service');
    expect(accessDenial(entitySchemas.invoice, { ...staff, services: noInvoices })).toBe('service');
  });

  it("needs the entity's permission in an employee's general map, not in an admin's", () => {
    expect(accessDenial(entitySchemas.invoice, staff)).toBeNull();
    expect(accessDenial(entitySchemas.employee, staff)).toBe('permission');
    expect(accessDenial(entitySchemas.employee, admin)).toBeNull();
  });
});

describe('permissions named by the schemas', () => {
  const maps = entitySchemas.employee.properties.permissions.properties ?? {};
  const named = Object.values(entitySchemas).flatMap((entity) => {
    const resource = entity['x-resource'];
    const views = Object.values(resource.views ?? {});
    return [resource.permission, ...views.map((view) => view.permission)]
      .filter((permission) => permission !== undefined)
      .flatMap((permission) => permissionsOf(permission).map((held) => [entity.$id, held] as const));
  });

  it.each(named)('%s: %o is a value of an employee permission map', (_, { map, value }) => {
    expect(maps[map]?.items?.enum).toContain(value);
  });

  it('lets an employee in only with every permission of the list, each in its own map', () => {
    const refund = entitySchemas.refund;
    const reports = (report: string[]): AccessProfile => ({
      ...staff,
      permissions: { general: ['reports'], report },
    });
    expect(refund['x-resource'].permission).toEqual(['reports', 'report.refunds']);
    expect(accessDenial(refund, reports(['refunds']))).toBeNull();
    expect(accessDenial(refund, reports(['captures']))).toBe('permission');
    expect(accessDenial(refund, { ...staff, permissions: { report: ['refunds'] } })).toBe('permission');
  });
});
