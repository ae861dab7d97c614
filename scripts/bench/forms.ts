import type { Page } from 'playwright-core';
import { launchBrowser, signInOnPage } from './browser';
import { median, percentile, type BenchTarget, type Figure } from './figures';

/**
 * The largest form, the merchant's own profile (`schemas/merchant.json`, `/account/editProfile`),
 * in Chromium on this machine as it is (no CPU throttling): how long from navigation until its
 * fields show, and how long each keystroke takes to reach the screen while typing into one of its
 * text fields. Keystrokes are read from the Event Timing API (an event's `duration` runs from the
 * key press to the next frame painted after its handlers: input delay + processing + rendering),
 * and cross-checked by a measure taken in the page: from `keydown` to the next animation frame.
 */

const FORM_PATH = '/account/editProfile';
/** A plain text field of the form, typed into at its end. */
const FIELD_LABEL = 'Address';
const TEXT = ' Building 12, Block 3, Salmiya, Kuwait 22';
const RUNS = 3;

/** What the page keeps of each key press (see `recordKeystrokes`). */
interface KeyTimings {
  /** Event Timing: the longest `duration` among the entries of one key press, in ms. */
  events: number[];
  /** keydown → next animation frame, in ms. */
  frames: number[];
}

/**
 * Installs, in the page, an Event Timing observer (keyboard and input events of 16 ms or more,
 * grouped per key press by `interactionId`) and a keydown listener that times the next frame.
 */
async function recordKeystrokes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const byInteraction = new Map<number, number>();
    const frames: number[] = [];
    const watched = new Set(['keydown', 'keypress', 'input', 'keyup', 'beforeinput']);
    new PerformanceObserver((list) => {
      // `interactionId` is newer than TypeScript's DOM types.
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (!watched.has(entry.name)) continue;
        // keydown and keyup of one key share an interactionId; input events carry none, so
        // they are keyed by their start time.
        const key = entry.interactionId || -Math.round(entry.startTime);
        byInteraction.set(key, Math.max(byInteraction.get(key) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => frames.push(performance.now() - start));
      },
      true,
    );
    Object.assign(window, { recordedKeys: { byInteraction, frames } });
  });
}

async function oneVisit(target: BenchTarget): Promise<{ render: number; keys: KeyTimings }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${target.baseUrl}/merchant`);
    await signInOnPage(page, target.account);
    const field = page.getByRole('textbox', { name: new RegExp(`^${FIELD_LABEL}( \\*)?$`) });
    // The navigation is made inside the portal, as a person opening the screen from the menu does.
    const started = Date.now();
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, FORM_PATH);
    await field.waitFor({ state: 'visible', timeout: 30_000 });
    const render = Date.now() - started;
    await page.waitForLoadState('networkidle');
    await recordKeystrokes(page);
    await field.click();
    await field.press('End');
    await field.pressSequentially(TEXT, { delay: 60 });
    // Let the last frames and Event Timing entries arrive.
    await page.waitForTimeout(500);
    if (!(await field.inputValue()).endsWith(TEXT))
      throw new Error(`The ${FIELD_LABEL} field did not take the typed text`);
    const keys = await page.evaluate((): KeyTimings => {
      const { recordedKeys } = window as unknown as {
        recordedKeys: { byInteraction: Map<number, number>; frames: number[] };
      };
      return { events: [...recordedKeys.byInteraction.values()], frames: recordedKeys.frames };
    });
    return { render, keys };
  } finally {
    await browser.close();
  }
}

export async function run(target: BenchTarget): Promise<Figure[]> {
  const renders: number[] = [];
  const events: number[] = [];
  const frames: number[] = [];
  for (let visit = 0; visit < RUNS; visit++) {
    const { render, keys } = await oneVisit(target);
    renders.push(render);
    events.push(...keys.events);
    frames.push(...keys.frames);
  }
  const keystrokes = RUNS * TEXT.length;
  // Key presses under the 16 ms threshold leave no Event Timing entry: they count as 16 ms at most.
  const eventSample = [...events, ...Array<number>(Math.max(0, keystrokes - events.length)).fill(16)];
  target.log(`forms: ${events.length} of ${keystrokes} key presses took 16 ms or more`);
  const on = `merchant form ${FORM_PATH}`;
  const note = `Chromium on this machine, no CPU throttling; ${RUNS} visits`;
  const keyNote = `${note}, ${keystrokes} key presses; Event Timing duration (delay + handlers + next paint), presses under 16 ms count as 16`;
  const frameNote = `${note}, ${frames.length} key presses; keydown to next animation frame, measured in the page`;
  const budget = { kind: 'max', limit: 50 } as const;
  return [
    {
      section: 'forms',
      name: 'first render',
      on,
      value: Math.round(median(renders)),
      unit: 'ms',
      note: `${note}, median`,
    },
    {
      section: 'forms',
      name: 'keystroke median',
      on,
      value: Math.round(median(eventSample)),
      unit: 'ms',
      budget,
      note: keyNote,
    },
    {
      section: 'forms',
      name: 'keystroke p95',
      on,
      value: Math.round(percentile(eventSample, 95)),
      unit: 'ms',
      budget,
      note: keyNote,
    },
    {
      section: 'forms',
      name: 'keystroke max',
      on,
      value: Math.round(Math.max(...eventSample)),
      unit: 'ms',
      note: keyNote,
    },
    {
      section: 'forms',
      name: 'keydown→frame median',
      on,
      value: Math.round(median(frames)),
      unit: 'ms',
      note: frameNote,
    },
    {
      section: 'forms',
      name: 'keydown→frame p95',
      on,
      value: Math.round(percentile(frames, 95)),
      unit: 'ms',
      note: frameNote,
    },
  ];
}
