import { describe, expect, it } from 'vitest';
import { ownGate } from '../../schema/access';
import { entitySchemas } from '../../schema/registry';
import { admin } from '../testAccess';
import { canOpen, canOpenView, denialOf } from './access';

/** The multi-vendor screens follow the merchant's multi-vendor flag; its own profile does not. */
describe('the multi-vendor gate in the portal', () => {
  const multiVendor = { ...admin, isMultiVendor: true };

  it('opens sub-merchants, their services and the multi-vendor report to a multi-vendor merchant only', () => {
    for (const entity of [entitySchemas.merchant, entitySchemas.merchant_service]) {
      expect(denialOf(entity, multiVendor)).toBeNull();
      expect(denialOf(entity, admin)).toBe('service');
    }
    expect(canOpenView(entitySchemas.transaction, 'multi_vendor', multiVendor)).toBe(true);
    expect(canOpenView(entitySchemas.transaction, 'multi_vendor', admin)).toBe(false);
    expect(canOpenView(entitySchemas.transaction, 'payment_list', admin)).toBe(true);
  });

  it('keeps the own profile and notification settings open to every merchant admin', () => {
    expect(canOpen(ownGate(entitySchemas.merchant), admin)).toBe(true);
    expect(canOpen(ownGate(entitySchemas.notification_setting), admin)).toBe(true);
  });
});
