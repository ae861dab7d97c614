import { describe, expect, it } from 'vitest';
import { accessDenial, type AccessProfile } from './access';
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
