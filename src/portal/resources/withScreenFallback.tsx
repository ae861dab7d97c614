import { Suspense, type ComponentType, type FunctionComponent } from 'react';
import { Loading } from 'react-admin';
import type { Preloadable } from '../data/chunkReload';

/**
 * Wraps a lazily loaded screen in its own Suspense boundary. Navigations run as React transitions,
 * which keep the previous screen on display while a higher boundary waits; a boundary that is new
 * with the screen lets the route change show at once, with a spinner until the chunk arrives.
 */
export function withScreenFallback<P extends object>(
  Screen: ComponentType<P> & Partial<Preloadable>,
): FunctionComponent<P> & Partial<Preloadable> {
  function ScreenWithFallback(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  ScreenWithFallback.displayName = `WithScreenFallback(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  // A screen that can load ahead (`lazyWithReload`) still can, wrapped.
  return Object.assign(ScreenWithFallback, { preload: Screen.preload });
}
