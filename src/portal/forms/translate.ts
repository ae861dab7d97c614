/**
 * How the forms and screens ask for a message: react-admin's `translate` and the public pages'
 * catalogue lookup both fit (`%{name}` placeholders, `_` as the fallback text).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "max_qty_per_order" → "Max qty per order": the label of last resort when a key is missing. */
export function humanise(name: string): string {
  const words = name.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
