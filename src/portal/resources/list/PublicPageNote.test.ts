import { describe, expect, it } from 'vitest';
import { registryProblems } from '../../../schema/check/checkRegistry';
import { productWith, reported } from '../../../schema/check/testSchemas';
import { entitySchemas } from '../../../schema/registry';
import { VOCABULARY } from '../../../schema/vocabulary';
import { publicPageAddress } from './PublicPageNote';

/** A list's public page of the merchant's (`x-list.publicPage`): the tenants' lost-link page. */

describe("a list's public page", () => {
  it("is the tenants' lost-link page of the signed-in merchant", () => {
    expect(publicPageAddress(entitySchemas.tenant, 12, 'https://portal.example')).toBe(
      'https://portal.example/tenant-link/12',
    );
  });

  it('is shown only where the schema names one, and once the merchant is known', () => {
    expect(publicPageAddress(entitySchemas.invoice, 12, 'https://portal.example')).toBeNull();
    expect(publicPageAddress(entitySchemas.tenant, undefined, 'https://portal.example')).toBeNull();
  });

  it('is described by the meta-schema, which refuses a path that does not name the merchant', () => {
    const list = VOCABULARY.$defs.XList as { properties: Record<string, { description?: string }> };
    expect(list.properties.publicPage.description).toMatch(/tenant-link/);
    const problems = reported(registryProblems(productWith('tenant', '/x-list/publicPage', { path: '/tenant-link' })));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^schemas\/tenant\.json#\/x-list\/publicPage\/path: /);
  });
});
