import { describe, expect, it } from 'vitest';
import { isPayerPage } from '../server/web/portal';
import { routeOf } from './router';

/** The addresses the payer pages answer (SPEC §2), here and on the server. */

describe('payer page addresses', () => {
  it.each([
    ['/smspay/INV-2026-000001', 'pay', 'INV-2026-000001'],
    ['/smspay/INV-2026-000001/', 'pay', 'INV-2026-000001'],
    ['/open-invoice/checkout/OPN-7', 'pay', 'OPN-7'],
    ['/sp/INV-2026-000050', 'parts', 'INV-2026-000050'],
    ['/transaction-receipt/TXN-1', 'receipt', 'TXN-1'],
    ['/transaction-receipt/v1/TXN-1', 'receipt_v1', 'TXN-1'],
    ['/smspay/A%20B', 'pay', 'A B'],
  ])('%s is the %s page of %s, served as pay.html', (path, page, reference) => {
    expect(routeOf(path)).toEqual({ page, reference });
    expect(isPayerPage(path)).toBe(true);
    expect(isPayerPage(`${path}?lng=ar`)).toBe(true);
  });

  it.each(['/smspay/', '/smspay', '/sp/a/b', '/transaction-receipt/', '/open-invoice/open', '/', '/merchant'])(
    '%s is none of them (the portal answers it)',
    (path) => {
      expect(routeOf(path).page).toBe('not_found');
      expect(isPayerPage(path)).toBe(false);
    },
  );

  it('keeps the portal’s own open-invoice screens with the portal', () => {
    expect(isPayerPage('/invoice/open-invoice')).toBe(false);
    expect(isPayerPage('/open-invoice/checkout')).toBe(false);
  });
});
