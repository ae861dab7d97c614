/**
 * File types recognised by their first bytes, never by the name or the type the client claims.
 * `x-file.accept` lists MIME types; a type is accepted only if its signature is known here.
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

const TYPES: FileType[] = [
  { mime: 'image/png', ext: 'png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', ext: 'jpg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mime: 'image/webp', ext: 'webp', matches: (b) => startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8) },
  { mime: 'image/gif', ext: 'gif', matches: (b) => startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a') },
  { mime: 'application/pdf', ext: 'pdf', matches: (b) => startsWith(b, '%PDF-') },
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
