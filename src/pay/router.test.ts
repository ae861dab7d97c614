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

  it.each([
    ['/sale/SL-2026-000005', { page: 'sale', reference: 'SL-2026-000005' }],
    ['/sale/SL-2026-000005/', { page: 'sale', reference: 'SL-2026-000005' }],
    ['/saleproduct/SL-2026-000005/13', { page: 'sale_product', reference: 'SL-2026-000005', id: '13' }],
    ['/sale/cart', { page: 'cart', reference: '' }],
    ['/sale/checkout', { page: 'checkout', reference: '' }],
    ['/stock/checkout', { page: 'stock_checkout', reference: '' }],
    ['/sale-receipt/SO-2026-000001', { page: 'order_receipt', reference: 'SO-2026-000001' }],
    ['/track-order/SO-2026-000001', { page: 'track_order', reference: 'SO-2026-000001' }],
  ])('the storefront address %s is its page, served as pay.html', (path, route) => {
    expect(routeOf(path)).toEqual(route);
    expect(isPayerPage(path)).toBe(true);
    expect(isPayerPage(`${path}?lng=ar`)).toBe(true);
  });

  it.each(['/sale/', '/saleproduct/SL-1', '/saleproduct/SL-1/x', '/saleproduct/SL-1/2/3', '/stock/other'])(
    '%s is no storefront page',
    (path) => {
      expect(routeOf(path).page).toBe('not_found');
      expect(isPayerPage(path)).toBe(false);
    },
  );

  it.each([
    ['/tenant/payments/k3Jd8_sQ-2vXbN0pLr7tYw4eZa1Hc6Uf9mGi5oKqTjE', 'tenant_payments'],
    ['/tenant-receipt/k3Jd8_sQ-2vXbN0pLr7tYw4eZa1Hc6Uf9mGi5oKqTjE', 'tenant_receipt'],
    ['/tenant-link/12', 'tenant_link'],
  ])("the tenant's address %s is the %s page, served as pay.html", (path, page) => {
    expect(routeOf(path)).toEqual({ page, reference: path.split('/').pop() });
    expect(isPayerPage(path)).toBe(true);
    expect(isPayerPage(`${path}?lng=ar`)).toBe(true);
  });

  it('keeps the back office’s tenant screens with the portal', () => {
    for (const path of ['/tenant', '/tenant/12', '/tenant/payments', '/tenant/payments/', '/assets/tenants/12'])
      expect(isPayerPage(path)).toBe(false);
  });

  it('keeps the back office’s sales screens with the portal', () => {
    for (const path of ['/sales/sales-list', '/sales/sales-order-list', '/sales/products', '/sales/email-template'])
      expect(isPayerPage(path)).toBe(false);
  });

  it('keeps the portal’s own open-invoice screens with the portal', () => {
    expect(isPayerPage('/invoice/open-invoice')).toBe(false);
    expect(isPayerPage('/open-invoice/checkout')).toBe(false);
  });
});
