// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyWithReload } from './chunkReload';

/** A screen's code that arrives when the test says so. */
function arriving() {
  let arrive: () => void = () => undefined;
  const code = new Promise<{ default: () => ReactElement }>((resolve) => {
    arrive = () => resolve({ default: () => <p>The screen</p> });
  });
  return { factory: () => code, arrive };
}

const noReload = { storage: null };

afterEach(cleanup);

describe('a screen loaded on demand', () => {
  it('shows its fallback until its code arrives, then the screen', async () => {
    const { factory, arrive } = arriving();
    const Screen = lazyWithReload(factory, noReload);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('The screen')).toBeTruthy();
  });

  it('asked to load ahead, shows the screen on its first render, without the fallback', async () => {
    const { factory, arrive } = arriving();
    const Screen = lazyWithReload(factory, noReload);
    const loaded = Screen.preload();
    arrive();
    await loaded;
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('The screen')).toBeTruthy();
  });
});
