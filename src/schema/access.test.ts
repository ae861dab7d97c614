import { describe, expect, it } from 'vitest';
import {
  accessDenial,
  commandGate,
  commandMatches,
  operationGate,
  permissionFor,
  permissionsOf,
  recordGate,
  valuePermissionsOf,
  type AccessProfile,
} from './access';
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
    const operations = Object.values(resource.permissions ?? {});
    return [resource.permission, ...views.map((view) => view.permission), ...operations]
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

describe('access to one operation of an entity', () => {
  const openInvoice = entitySchemas.open_invoice;
  const subscription = entitySchemas.subscription;
  const services = { ...everything, open_invoice: true, recurring_subscription: true };
  const employee = (permissions: AccessProfile['permissions']): AccessProfile => ({
    role: 'employee',
    services,
    permissions,
  });
  const viewer = employee({ general: ['invoices', 'subscription'], open_invoice: ['view'], subscription: ['view'] });

  it("needs the operation's own permission where the schema names one, else the entity's", () => {
    expect(permissionFor(openInvoice, 'create')).toEqual(['invoices', 'open_invoice.create']);
    expect(permissionFor(openInvoice, 'list')).toEqual(['invoices', 'open_invoice.view']);
    expect(permissionFor(openInvoice)).toEqual(['invoices', 'open_invoice.view']);
  });

  it('lets an employee holding only open_invoice.view see open invoices, not create, edit or delete them', () => {
    for (const operation of ['list', 'show', 'export']) expect(accessDenial(openInvoice, viewer, operation)).toBeNull();
    for (const operation of ['create', 'update', 'delete'])
      expect(accessDenial(openInvoice, viewer, operation)).toBe('permission');
    const editor = employee({ general: ['invoices'], open_invoice: ['view', 'edit'] });
    expect(accessDenial(openInvoice, editor, 'update')).toBeNull();
    expect(accessDenial(openInvoice, editor, 'create')).toBe('permission');
  });

  it('gates a status action and a command by their own permission, and an admin by none', () => {
    expect(accessDenial(subscription, viewer, 'cancel')).toBe('permission');
    expect(accessDenial(subscription, viewer, 'create')).toBe('permission');
    const canceller = employee({ general: ['subscription'], subscription: ['view', 'cancel'] });
    expect(accessDenial(subscription, canceller, 'cancel')).toBeNull();
    const admin: AccessProfile = { role: 'admin', services, permissions: {} };
    for (const operation of ['create', 'update', 'cancel', 'resend'])
      expect(accessDenial(subscription, admin, operation)).toBeNull();
  });

  it("gates resending an invoice by its channel's permission, an invoice without one going by SMS", () => {
    const invoice = entitySchemas.invoice;
    const holding = (sms: string[]) => employee({ general: ['invoices'], sms });
    const resend = (record: Record<string, unknown>, profile: AccessProfile) =>
      accessDenial(commandGate(invoice, 'resend', record), profile, 'resend');
    expect(resend({ send_via: 'sms' }, holding([]))).toBe('permission');
    expect(resend({ send_via: 'sms' }, holding(['single_sms']))).toBeNull();
    expect(resend({}, holding(['whatsapp']))).toBe('permission');
    expect(resend({}, holding(['single_sms']))).toBeNull();
    expect(resend({ send_via: 'whatsapp' }, holding(['single_sms']))).toBe('permission');
    expect(resend({ send_via: 'whatsapp' }, holding(['whatsapp']))).toBeNull();
    expect(resend({ send_via: 'email' }, holding(['email']))).toBeNull();
    expect(resend({ send_via: 'email' }, viewer)).toBe('permission');
    expect(resend({ send_via: 'email' }, { role: 'admin', services, permissions: {} })).toBeNull();
  });

  it('offers resending while the invoice is open and has a message to send', () => {
    const invoice = entitySchemas.invoice;
    expect(commandMatches(invoice, 'resend', { status: 'unpaid', send_via: 'email' })).toBe(true);
    expect(commandMatches(invoice, 'resend', { status: 'unpaid' })).toBe(true);
    expect(commandMatches(invoice, 'resend', { status: 'unpaid', send_via: 'url' })).toBe(false);
    expect(commandMatches(invoice, 'resend', { status: 'paid', send_via: 'sms' })).toBe(false);
  });

  it('still needs the service first, whatever the operation', () => {
    const off = { ...viewer, services: { ...services, open_invoice: false } };
    expect(accessDenial(openInvoice, off, 'list')).toBe('service');
  });

  it("gives the operation's gate as an entity of its own, as the server checks it", () => {
    expect(accessDenial(operationGate(openInvoice, 'create'), viewer)).toBe('permission');
    expect(accessDenial(operationGate(openInvoice, 'show'), viewer)).toBeNull();
  });
});

describe('access to writing a record whose values need a permission', () => {
  const invoice = entitySchemas.invoice;
  const services = { ...everything, delivery_invoice: true };
  const clerk = (sms: string[]): AccessProfile => ({
    role: 'employee',
    services,
    permissions: { general: ['invoices'], sms },
  });

  it("needs the permission of a delivery or scheduled invoice's kind, and of the channel it is sent through", () => {
    expect(valuePermissionsOf(invoice, { kind: 'delivery', send_via: 'whatsapp' })).toEqual([
      'sms.delivery',
      'sms.whatsapp',
    ]);
    // A channel left out is SMS; a scheduled invoice has none of its own.
    expect(valuePermissionsOf(invoice, { kind: 'quick' })).toEqual(['sms.single_sms']);
    expect(valuePermissionsOf(invoice, {})).toEqual(['sms.single_sms']);
    expect(valuePermissionsOf(invoice, { kind: 'scheduled' })).toEqual(['sms.scheduled_sms']);
    expect(valuePermissionsOf(invoice, { kind: 'quick', send_via: 'url' })).toEqual(['sms.url']);
    expect(accessDenial(recordGate(invoice, 'create', { kind: 'quick' }), clerk([]))).toBe('permission');
    expect(accessDenial(recordGate(invoice, 'create', { kind: 'quick' }), clerk(['single_sms']))).toBeNull();
    expect(accessDenial(recordGate(invoice, 'create', { kind: 'delivery' }), clerk(['single_sms']))).toBe('permission');
    expect(
      accessDenial(recordGate(invoice, 'create', { kind: 'delivery' }), clerk(['delivery', 'single_sms'])),
    ).toBeNull();
    expect(accessDenial(recordGate(invoice, 'update', { kind: 'scheduled' }), clerk(['delivery']))).toBe('permission');
    expect(accessDenial(recordGate(invoice, 'update', { kind: 'scheduled' }), clerk(['scheduled_sms']))).toBeNull();
    const admin: AccessProfile = { role: 'admin', services, permissions: {} };
    expect(accessDenial(recordGate(invoice, 'create', { kind: 'delivery' }), admin)).toBeNull();
  });
});
