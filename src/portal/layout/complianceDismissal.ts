/**
 * What the compliance banner was dismissed for. The banner names no document, so a dismissal holds
 * the documents it warned about (each by id and expiry date, so a renewed one that nears expiry
 * again counts as new); it comes back as soon as a document outside that set is flagged.
 */

const STORAGE_KEY = 'bawaba.compliance_banner.dismissed';

/** A flagged document: rejected, expired, or expiring soon. */
export interface FlaggedDocument {
  id: number | string;
  expiry_date?: unknown;
  verification_status?: unknown;
}

/** One key per flagged document: its id, expiry date and status. */
export function flaggedKeys(documents: readonly FlaggedDocument[]): string[] {
  return [
    ...new Set(
      documents.map((doc) => `${doc.id}:${String(doc.expiry_date ?? '')}:${String(doc.verification_status ?? '')}`),
    ),
  ].sort();
}

/**
 * Whether every flagged document was already flagged when the banner was dismissed (never while
 * the flagged documents are not known yet).
 */
export function isDismissed(current: readonly string[], dismissed: readonly string[]): boolean {
  const seen = new Set(dismissed);
  return current.length > 0 && current.every((key) => seen.has(key));
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage may be refused for the site: the banner then shows again on each visit.
    return null;
  }
}

/** The keys the banner was last dismissed for (none when it never was). */
export function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers that the banner was dismissed for these documents. */
export function writeDismissed(keys: readonly string[]): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // A full storage only means the banner shows again next time.
  }
}
