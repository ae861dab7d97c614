import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18nProvider, initialLanguage } from './data/i18nProvider';
import { RESTORE_TIMEOUT_MS, restoreSession } from './data/session';
import { startLoadingScreens } from './shell/earlyScreens';
import { prepareFormats } from './resources/format';
import { Portal } from './shell/Portal';

/**
 * Starts the portal: the persisted session is restored first (SPEC §2, giving up after 5000 ms),
 * so the language and the sign-in state are known before anything shows; then the catalogues of
 * that language load and the first screen renders; a signed-in visit fetches its screen's code
 * (and the dashboard its figures) meanwhile, and the language's formatters are made.
 */
async function start(): Promise<void> {
  await restoreSession({ timeoutMs: RESTORE_TIMEOUT_MS });
  startLoadingScreens(location.pathname, location.search);
  const catalogues = createI18nProvider();
  prepareFormats(initialLanguage());
  const i18nProvider = await catalogues;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Portal i18nProvider={i18nProvider} />
    </StrictMode>,
  );
}

void start();
