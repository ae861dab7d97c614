/** @jsxImportSource preact */
import { useMemo, useState } from 'preact/hooks';
import type { Language } from '../shared/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { I18nContext, translator, type I18n } from './i18n/context';
import { applyDocumentLanguage, loadMessages, rememberLanguage } from './i18n/language';
import type { Messages } from './i18n/messages';
import { NotFoundPage } from './pages/NotFoundPage';
import { PayPage } from './pages/PayPage';
import { ReceiptPage } from './pages/ReceiptPage';
import { useRoute, type Route } from './router';
import { CartPage } from './store/CartPage';
import { CheckoutPage } from './store/CheckoutPage';
import { OrderReceiptPage, TrackOrderPage } from './store/OrderPages';
import { ProductPage } from './store/ProductPage';
import { SalePage } from './store/SalePage';
import { TenantLinkPage } from './tenant/TenantLinkPage';
import { TenantPaymentsPage } from './tenant/TenantPaymentsPage';
import { TenantReceiptPage } from './tenant/TenantReceiptPage';

/** The address's `?lng=` follows a switch, so that a reload or a shared address keeps the language. */
function replaceLanguageInAddress(language: Language): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('lng')) return;
  url.searchParams.set('lng', language);
  history.replaceState(history.state, '', url);
}

/** The payer pages: the language (switchable at any time) and the page the address names. */
export function App({ language: initial, messages: initialMessages }: { language: Language; messages: Messages }) {
  const [{ language, messages }, setCurrent] = useState({ language: initial, messages: initialMessages });
  const route = useRoute();

  const i18n = useMemo<I18n>(
    () => ({
      language,
      t: translator(messages, language),
      setLanguage: (next) => {
        rememberLanguage(next);
        replaceLanguageInAddress(next);
        void loadMessages(next).then((loaded) => {
          applyDocumentLanguage(next);
          setCurrent({ language: next, messages: loaded });
        });
      },
    }),
    [language, messages],
  );

  const key = `${route.page}:${route.reference}:${route.id ?? ''}`;
  return (
    <I18nContext.Provider value={i18n}>
      <ErrorBoundary key={key}>
        <Page key={key} route={route} />
      </ErrorBoundary>
    </I18nContext.Provider>
  );
}

/** The page of a route: the payer pages, the storefront's customer pages and the tenant's pages. */
function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'pay':
    case 'parts':
      return <PayPage reference={route.reference} />;
    case 'receipt':
    case 'receipt_v1':
      return <ReceiptPage reference={route.reference} compact={route.page === 'receipt_v1'} />;
    case 'sale':
      return <SalePage reference={route.reference} />;
    case 'sale_product':
      return <ProductPage reference={route.reference} id={route.id ?? ''} />;
    case 'cart':
      return <CartPage />;
    case 'checkout':
    case 'stock_checkout':
      return <CheckoutPage />;
    case 'order_receipt':
      return <OrderReceiptPage reference={route.reference} />;
    case 'track_order':
      return <TrackOrderPage reference={route.reference} />;
    case 'tenant_payments':
      return <TenantPaymentsPage token={route.reference} />;
    case 'tenant_receipt':
      return <TenantReceiptPage token={route.reference} />;
    case 'tenant_link':
      return <TenantLinkPage merchantId={route.reference} />;
    default:
      return <NotFoundPage />;
  }
}
