// On node:zlib, not a Vite compression plugin: a few lines, no dependency, the very copies the server looks for.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the
 * build (scripts, styles, pages, catalogues), compressed once at the highest levels, so the server
 * sends them compressed without spending CPU on each request (see `src/server/web/portal.ts`).
 */

/** Files worth compressing; source maps are left out (only developer tools fetch them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;

/** Smaller files gain nothing measurable once headers are counted. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The `.br` and `.gz` copies of one file's content (omitted where compression does not shrink it). */
export async function compressedCopies(content: Buffer): Promise<{ suffix: '.br' | '.gz'; body: Buffer }[]> {
  if (content.length < MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return [
    { suffix: '.br' as const, body: br },
    { suffix: '.gz' as const, body: gz },
  ].filter((copy) => copy.body.length < content.length);
}

export function precompress(): Plugin {
  return {
    name: 'bawaba-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName);
          const copies = await compressedCopies(await readFile(path));
          await Promise.all(copies.map((copy) => writeFile(path + copy.suffix, copy.body)));
        }),
      );
    },
  };
}
