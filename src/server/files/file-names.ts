/** Control characters (NUL included) and format characters: bidi overrides and isolates, zero-width marks. */
const HIDDEN = /[\p{Cc}\p{Cf}]/gu;

export const FALLBACK_FILE_NAME = 'file';

/**
 * The name a user gave a file, made fit to show (never to store under: stored files are named by
 * the server). Only the last path segment is kept; control characters and the invisible characters
 * that reorder or hide text are dropped, so `invoice\u202Eslx.exe` cannot pose as `invoiceexe.xls`;
 * the result is cut to `maxLength` characters, keeping the extension.
 */
export function displayFileName(name: string, maxLength = 255): string {
  const visible = name.replace(HIDDEN, '');
  const base = (visible.split(/[/\\]/).pop() ?? '').trim().replace(/^\.+/, '');
  if (!base) return FALLBACK_FILE_NAME;
  const chars = [...base];
  if (chars.length <= maxLength) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 10 ? [...base.slice(dot)] : [];
  return chars.slice(0, maxLength - extension.length).join('') + extension.join('');
}
