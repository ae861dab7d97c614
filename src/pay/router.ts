import { useEffect, useState } from 'preact/hooks';
import { PAYER_PAGES } from '../shared/pay';

/**
 * The payer pages' few routes (SPEC §2), read from the address. Moving between them (a paid
 * invoice to its receipt, a part list to one part) uses the history API: no reload, no router
 * library.
 */

export type PageName = 'pay' | 'parts' | 'receipt' | 'receipt_v1' | 'not_found';

export interface Route {
  page: PageName;
  /** The reference in the address, decoded; empty on the not-found page. */
  reference: string;
}

/** Longest prefix first: `/transaction-receipt/v1/` before `/transaction-receipt/`. */
const PREFIXES: [string, PageName][] = [
  [PAYER_PAGES.receiptV1, 'receipt_v1'],
  [PAYER_PAGES.receipt, 'receipt'],
  [PAYER_PAGES.open, 'pay'],
  [PAYER_PAGES.sms, 'pay'],
  [PAYER_PAGES.parts, 'parts'],
];

export function routeOf(pathname: string): Route {
  for (const [prefix, page] of PREFIXES) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length).replace(/\/$/, '');
    // `/transaction-receipt/v1/` is the receipt of "v1" as far as the prefixes go; the server agrees.
    if (!rest || rest.includes('/')) continue;
    try {
      return { page, reference: decodeURIComponent(rest) };
    } catch {
      break;
    }
  }
  return { page: 'not_found', reference: '' };
}

const NAVIGATED = 'pay:navigated';

/** Shows another payer page, as a link would, keeping the query (`?lng=`). */
export function navigate(path: string): void {
  history.pushState(null, '', path + location.search);
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
