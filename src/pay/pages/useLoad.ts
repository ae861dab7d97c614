import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiAnswer } from '../api';

export type Loaded<T> = { kind: 'loading' } | ApiAnswer<T>;

/**
 * Loads what a page shows once when it opens, and again on `reload`. `first` is true until the
 * server has answered once, which is how a page view is counted once (`?visit=1`) however many
 * times the payer checks again (a retry after no answer at all still counts it).
 */
export function useLoad<T>(load: (first: boolean) => Promise<ApiAnswer<T>>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const answeredRef = useRef(false);
  // The loader of the latest render (it reads the current language).
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let current = true;
    void loadRef.current(!answeredRef.current).then((answer) => {
      if (answer.kind !== 'network') answeredRef.current = true;
      if (current) setState(answer);
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  const reload = () => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };
  return [state, reload];
}
