import { Suspense, type ComponentType, type FunctionComponent } from 'react';
import { Loading } from 'react-admin';

/**
 * Wraps a lazily loaded screen in its own Suspense boundary. Navigations run as React transitions,
 * which keep the previous screen on display while a higher boundary waits; a boundary that is new
 * with the screen lets the route change show at once, with a spinner until the chunk arrives.
 */
export function withScreenFallback<P extends object>(Screen: ComponentType<P>): FunctionComponent<P> {
  function ScreenWithFallback(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  ScreenWithFallback.displayName = `WithScreenFallback(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return ScreenWithFallback;
}
