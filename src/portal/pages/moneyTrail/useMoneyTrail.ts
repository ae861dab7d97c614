import { useEffect, useState } from 'react';
import type { MoneyTrail, TrailEntity } from '../../../shared/money-trail';
import { http } from '../../shell/providers';

/** What the page has of a trail: loading, the trail, or the server's refusal in the user's language. */
export type LoadedTrail =
  { state: 'loading' } | { state: 'done'; trail: MoneyTrail } | { state: 'failed'; error: string };

/**
 * The trail of `entity` `id` from `GET /v1/money-trail/{entity}/{id}`, asked again when the
 * language changes (a refusal is then read in it).
 */
export function useMoneyTrail(entity: TrailEntity | null, id: string, language: string): LoadedTrail {
  const key = `${entity}/${id}/${language}`;
  const [state, setState] = useState<{ key?: string; loaded?: LoadedTrail }>({});
  useEffect(() => {
    if (!entity) return;
    const controller = new AbortController();
    http
      .get<MoneyTrail>(`/money-trail/${entity}/${encodeURIComponent(id)}`, undefined, { signal: controller.signal })
      .then((trail) => setState({ key, loaded: { state: 'done', trail } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, loaded: { state: 'failed', error: error instanceof Error ? error.message : String(error) } });
      });
    return () => controller.abort();
  }, [key, entity, id]);
  return state.key === key && state.loaded ? state.loaded : { state: 'loading' };
}
