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
import { useRoute } from './router';

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

  const key = `${route.page}:${route.reference}`;
  return (
    <I18nContext.Provider value={i18n}>
      <ErrorBoundary key={key}>
        {route.page === 'pay' || route.page === 'parts' ? (
          <PayPage key={key} reference={route.reference} />
        ) : route.page === 'receipt' || route.page === 'receipt_v1' ? (
          <ReceiptPage key={key} reference={route.reference} compact={route.page === 'receipt_v1'} />
        ) : (
          <NotFoundPage />
        )}
      </ErrorBoundary>
    </I18nContext.Provider>
  );
}
