import { useEffect, useState } from 'preact/hooks';
import { PAYER_PAGES } from '../shared/pay';
import { STORE_PAGES } from '../shared/storefront';

/**
 * The payer pages' few routes (SPEC §2), read from the address. Moving between them (a paid
 * invoice to its receipt, a part list to one part) uses the history API: no reload, no router
 * library.
 */

export type PageName =
  | 'pay'
  | 'parts'
  | 'receipt'
  | 'receipt_v1'
  | 'sale'
  | 'sale_product'
  | 'cart'
  | 'checkout'
  | 'stock_checkout'
  | 'order_receipt'
  | 'track_order'
  | 'tenant_payments'
  | 'tenant_receipt'
  | 'tenant_link'
  | 'not_found';

export interface Route {
  page: PageName;
  /** The reference in the address, decoded; empty on the not-found page and the cart's pages. */
  reference: string;
  /** The product's id on a product page. */
  id?: string;
}

/** Pages whose address is the whole path: the cart's, which hold no reference. */
const EXACT: [string, PageName][] = [
  [STORE_PAGES.cart, 'cart'],
  [STORE_PAGES.checkout, 'checkout'],
  [STORE_PAGES.stockCheckout, 'stock_checkout'],
];

/** Longest prefix first: `/transaction-receipt/v1/` before `/transaction-receipt/`. */
const PREFIXES: [string, PageName][] = [
  [PAYER_PAGES.receiptV1, 'receipt_v1'],
  [PAYER_PAGES.receipt, 'receipt'],
  [PAYER_PAGES.open, 'pay'],
  [PAYER_PAGES.sms, 'pay'],
  [PAYER_PAGES.parts, 'parts'],
  [STORE_PAGES.sale, 'sale'],
  [STORE_PAGES.receipt, 'order_receipt'],
  [STORE_PAGES.track, 'track_order'],
  [PAYER_PAGES.tenant, 'tenant_payments'],
  [PAYER_PAGES.tenantReceipt, 'tenant_receipt'],
  [PAYER_PAGES.tenantLink, 'tenant_link'],
];

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** `/saleproduct/{list reference}/{product id}`. */
function productRoute(pathname: string): Route | null {
  if (!pathname.startsWith(STORE_PAGES.product)) return null;
  const [reference, id, ...more] = pathname.slice(STORE_PAGES.product.length).replace(/\/$/, '').split('/');
  const list = reference ? decoded(reference) : null;
  if (!list || !id || more.length > 0 || !/^\d+$/.test(id)) return null;
  return { page: 'sale_product', reference: list, id };
}

export function routeOf(pathname: string): Route {
  const whole = pathname.replace(/\/$/, '');
  for (const [path, page] of EXACT) if (whole === path) return { page, reference: '' };
  const product = productRoute(pathname);
  if (product) return product;
  for (const [prefix, page] of PREFIXES) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length).replace(/\/$/, '');
    // `/transaction-receipt/v1/` is the receipt of "v1" as far as the prefixes go; the server agrees.
    if (!rest || rest.includes('/')) continue;
    const reference = decoded(rest);
    if (reference === null) break;
    return { page, reference };
  }
  return { page: 'not_found', reference: '' };
}

const NAVIGATED = 'pay:navigated';

/** `path` with the current address's `?lng=`, which every page keeps; the rest of the query is the page's own. */
export function withLanguage(path: string): string {
  const language = new URLSearchParams(location.search).get('lng');
  if (!language) return path;
  const url = new URL(path, location.origin);
  if (!url.searchParams.has('lng')) url.searchParams.set('lng', language);
  return url.pathname + url.search;
}

/** Shows another payer page, as a link would, keeping the language of the address (`?lng=`). */
export function navigate(path: string): void {
  history.pushState(null, '', withLanguage(path));
  window.dispatchEvent(new Event(NAVIGATED));
  window.scrollTo(0, 0);
}

/** The current route, following `navigate` and the back and forward buttons. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(location.pathname));
  useEffect(() => {
    const update = () => setRoute(routeOf(location.pathname));
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return route;
}

/** Click handler of an in-app link: a plain click navigates here, a modified one opens as usual. */
export function followLink(event: MouseEvent, path: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  navigate(path);
}
