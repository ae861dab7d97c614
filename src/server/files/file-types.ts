/**
 * File types recognised by their content (a signature in the first bytes; for text, the absence of
 * binary bytes), never by the name or the type the client claims. `x-file.accept` lists MIME types;
 * a type is accepted only if it is recognised here. Markup (SVG, HTML, XML) is never one of them:
 * a browser runs the scripts it may carry, so it is told apart from plain text and refused.
 */

interface FileType {
  mime: string;
  ext: string;
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, signature: number[] | string, offset = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
};

/** Header of an OLE2 compound file, the container of the old Office formats (.doc, .xls, .ppt). */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Name of the stream only a Word document has, as the compound file's directory spells it (UTF-16LE). */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** A Word 97–2003 document: a compound file holding a `WordDocument` stream (an .xls has none). */
function isWordDocument(bytes: Buffer): boolean {
  return startsWith(bytes, COMPOUND_FILE) && bytes.includes(WORD_STREAM);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Control characters text may hold: tab, line feed, form feed, carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Text: valid UTF-8 (ASCII included) without other control characters. Those are single bytes in
 * UTF-8, never part of a longer sequence, so the bytes can be checked one by one.
 */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  for (const byte of bytes) if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** How far into a text file markup is looked for: an SVG's root follows its prolog within this. */
const MARKUP_WINDOW = 4096;
const latin1 = new TextDecoder('latin1');

/**
 * SVG, HTML or XML: text whose first character (after a byte order mark and white space) is `<`,
 * as every such document starts with a tag, a comment, a doctype or an XML declaration. SVG when
 * an `<svg` element opens within the first bytes, so an SVG behind a prolog is still named so.
 */
export function markupOf(bytes: Buffer): 'svg' | 'markup' | null {
  const head = latin1.decode(bytes.subarray(0, MARKUP_WINDOW));
  const text = head.replace(/^(\xef\xbb\xbf|\ufeff)/, '').trimStart();
  if (!text.startsWith('<')) return null;
  return /<svg[\s>/]/i.test(text) || /<!doctype\s+svg/i.test(text) ? 'svg' : 'markup';
}

const TYPES: FileType[] = [
  { mime: 'image/png', ext: 'png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', ext: 'jpg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mime: 'image/webp', ext: 'webp', matches: (b) => startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8) },
  { mime: 'image/gif', ext: 'gif', matches: (b) => startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a') },
  { mime: 'application/pdf', ext: 'pdf', matches: (b) => startsWith(b, '%PDF-') },
  { mime: 'application/msword', ext: 'doc', matches: isWordDocument },
  // Last: plain text has no signature, only the absence of binary content.
  { mime: 'text/plain', ext: 'txt', matches: (b) => isPlainText(b) && markupOf(b) === null },
];

/** The type of a file from its content, or null when it is none we know. */
export function sniff(bytes: Buffer): { mime: string; ext: string } | null {
  const type = TYPES.find((candidate) => candidate.matches(bytes));
  return type ? { mime: type.mime, ext: type.ext } : null;
}

/** MIME type to serve a stored file with, from the extension the server gave it. */
export function mimeOfExtension(ext: string): string | undefined {
  return TYPES.find((type) => type.ext === ext)?.mime;
}
