import { useEffect, useState } from 'react';
import { normaliseQuery, SEARCH_MIN_LENGTH, type SearchAnswer } from '../../../shared/search';
import { http } from '../../shell/providers';

/** What the search box shows for the text typed so far. */
export type SearchState =
  | { state: 'idle' }
  | { state: 'short' }
  | { state: 'loading'; answer?: SearchAnswer }
  | { state: 'done'; answer: SearchAnswer }
  | { state: 'failed'; error: string };

/** Pause after the last key before asking, so a quick typist sends one request. */
const DEBOUNCE_MS = 200;

/**
 * The answer of `GET /v1/search` for `text`, asked once typing pauses; a superseded ask is
 * cancelled, and the last answer stays shown while the next one loads. Text shorter than the API
 * accepts is not sent.
 */
export function useSearchAnswer(text: string): SearchState {
  const q = normaliseQuery(text);
  const tooShort = [...q].length < SEARCH_MIN_LENGTH;
  // The last answer received, and the query it answers.
  const [received, setReceived] = useState<{ q: string; answer?: SearchAnswer; error?: string } | null>(null);

  useEffect(() => {
    if (tooShort) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      http
        .get<SearchAnswer>('/search', { q }, { signal: controller.signal })
        .then((answer) => setReceived({ q, answer }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            setReceived({ q, error: error instanceof Error ? error.message : String(error) });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, tooShort]);

  if (q.length === 0) return { state: 'idle' };
  if (tooShort) return { state: 'short' };
  if (received?.q === q && received.answer) return { state: 'done', answer: received.answer };
  if (received?.q === q && received.error !== undefined) return { state: 'failed', error: received.error };
  return { state: 'loading', answer: received?.answer };
}
