import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** The element react-admin's `TitlePortal` renders each screen's `<Title>` into. */
const SCREEN_TITLE_ID = 'react-admin-title';

/**
 * Keeps the browser tab's title to the screen's, "Invoices · Bawaba", in the user's language: it
 * reads the app bar's title, which every screen sets, so a new screen needs nothing of its own.
 */
export function DocumentTitle() {
  const app = useTranslate()('app.name');
  useEffect(() => {
    const heading = document.getElementById(SCREEN_TITLE_ID);
    if (!heading) return;
    const follow = () => {
      const screen = heading.textContent?.trim();
      document.title = screen ? `${screen} · ${app}` : app;
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(heading, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [app]);
  return null;
}
