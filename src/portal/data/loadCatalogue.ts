import type { Catalogue } from '../../shared/i18n';

/** SPEC §7: translation files are loaded with up to 5 retries, the delay doubling from 350 ms. */
export const CATALOGUE_RETRIES = 5;
export const CATALOGUE_FIRST_DELAY_MS = 350;

export interface LoadCatalogueOptions {
  fetch?: typeof fetch;
  retries?: number;
  firstDelayMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt(url: string, doFetch: typeof fetch): Promise<Catalogue> {
  const response = await doFetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const catalogue: unknown = await response.json();
  if (!catalogue || typeof catalogue !== 'object' || Array.isArray(catalogue))
    throw new Error(`${url}: not a catalogue`);
  return catalogue as Catalogue;
}

/**
 * Fetches a catalogue, retrying on network errors, error statuses and unreadable bodies after
 * 350, 700, 1400, 2800 and 5600 ms; the last failure is thrown.
 */
export async function loadCatalogue(url: string, options: LoadCatalogueOptions = {}): Promise<Catalogue> {
  const { retries = CATALOGUE_RETRIES, firstDelayMs = CATALOGUE_FIRST_DELAY_MS } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt(url, doFetch);
    } catch (error) {
      if (retry >= retries) throw error;
      await sleep(firstDelayMs * 2 ** retry);
    }
  }
}
