import type { Page } from 'playwright-core';
import type { Language } from './portal';

/** The screens a list is checked on: a laptop and a phone. */
export const LIST_SCREENS = [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
] as const;

/** Each of those screens in each language. */
export const LIST_RUNS = LIST_SCREENS.flatMap((screen) =>
  (['en', 'ar'] as const).map((language: Language) => ({ ...screen, language })),
);

/** Whether the page, or the list's own card, is wider than the window. */
export const listOverflow = (page: Page) =>
  page.evaluate(() => {
    const content = document.querySelector('.RaList-content');
    return {
      page: document.documentElement.scrollWidth > innerWidth,
      list: content ? content.scrollWidth > content.clientWidth + 1 : null,
    };
  });
