import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../../schema/registry';
import { isPayerLink } from './LinkValue';
import { qrPath } from './QrCode';

/** Whether the module at (x, y) is dark in an SVG path of unit squares. */
const dark = (path: string, x: number, y: number) => path.includes(`M${x} ${y}h1v1h-1z`);

describe("a payer link's QR code", () => {
  it('is a version 4 code (33 modules, 51 bytes at level M) with its border, finder patterns in three corners', () => {
    const { path, size } = qrPath('https://bawaba.example/invoice/pay/INV-2026-000042');
    expect(size).toBe(33 + 4);
    const border = 2;
    const last = size - border - 1;
    for (const [x, y] of [
      [border, border],
      [last, border],
      [border, last],
    ]) {
      expect(dark(path, x, y)).toBe(true);
    }
    // The fourth corner has no finder pattern; the border is always light.
    expect(dark(path, 0, 0)).toBe(false);
  });

  it('is offered beside the links generated for payers only', () => {
    expect(isPayerLink(entitySchemas.invoice.properties.payment_link)).toBe(true);
    expect(isPayerLink(entitySchemas.sale_list.properties.sale_link)).toBe(true);
    expect(isPayerLink(entitySchemas.invoice.properties.customer_name)).toBe(false);
  });
});
