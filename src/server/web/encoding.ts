// Not @fastify/compress: the build's copies go out as they are; only catalogues read before any build are
// gzipped per request.
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * Content coding of the portal's text files: the build writes a brotli (`.br`) and a gzip (`.gz`)
 * copy beside each (`scripts/precompress.ts`), and the server sends the best one the browser
 * accepts.
 */

/** Codings the server sends, best first, with the suffix of their precompressed copies. */
export const CODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type Coding = (typeof CODINGS)[number]['name'];

/** The codings an `Accept-Encoding` header allows (`q=0` refuses one; `*` stands for any). */
export function acceptedCodings(header: string | string[] | undefined): Set<Coding> {
  const accepted = new Set<Coding>();
  const refused = new Set<string>();
  let any = false;
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q !== undefined && Number(q) === 0) refused.add(name);
    else if (name === '*') any = true;
    else if (name === 'br' || name === 'gzip') accepted.add(name);
  }
  if (any) for (const { name } of CODINGS) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

const gzipAsync = promisify(gzip);

/**
 * The body of the file at `path` for a browser that accepts `accepted`: its precompressed copy
 * when the build wrote one, else the file itself, gzipped on the way when the browser takes gzip
 * (catalogues served from the repository, before any build). Rejects when the file is missing.
 */
export async function encodedFile(
  path: string,
  accepted: ReadonlySet<Coding>,
): Promise<{ body: Buffer; coding: Coding | null }> {
  for (const { name, suffix } of CODINGS) {
    if (!accepted.has(name)) continue;
    try {
      return { body: await readFile(path + suffix), coding: name };
    } catch {
      // No copy in this coding: try the next one.
    }
  }
  const body = await readFile(path);
  if (accepted.has('gzip')) return { body: await gzipAsync(body), coding: 'gzip' };
  return { body, coding: null };
}
