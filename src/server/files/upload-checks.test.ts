import { describe, expect, it } from 'vitest';
import type { XFile } from '../../schema/types';
import {
  gifClaiming,
  GIF_HTML_POLYGLOT,
  GIF_SCRIPT_POLYGLOT,
  HTML_PAGE,
  jpegClaiming,
  pngClaiming,
  SVGS,
  webpClaiming,
} from '../../../tests/support/uploads/crafted';
import { png } from '../../../tests/support/images';
import { checkUpload, MAX_IMAGE_SIDE, multipartRequestLimit } from './upload-checks';

const banner: XFile = {
  accept: ['image/png', 'image/jpeg', 'image/webp'],
  maxBytes: 1_048_576,
  maxWidth: 400,
  maxHeight: 160,
};
const scan: XFile = { accept: ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'], maxBytes: 1_048_576 };
const anyImage: XFile = { accept: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], maxBytes: 1_048_576 };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

const ceiling = { key: 'validation.image_dimensions', params: { width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE } };

describe('checkUpload: size', () => {
  it('refuses a file over its field’s size with 413, before looking at its content', () => {
    expect(checkUpload(Buffer.concat([png(1, 1), Buffer.alloc(1_048_576)]), banner)).toEqual({
      ok: false,
      status: 413,
      key: 'validation.file_too_large',
      params: { limit: '1 MB' },
    });
    // Cut off at the limit by the multipart reader: the bytes fit, the file did not.
    expect(checkUpload(png(1, 1), banner, Infinity)).toMatchObject({ ok: false, status: 413 });
    expect(checkUpload(Buffer.from('not even a file type'), { ...scan, maxBytes: 5 })).toMatchObject({ status: 413 });
  });

  it('takes a file exactly at the limit', () => {
    const file = png(10, 10);
    expect(checkUpload(file, { ...scan, maxBytes: file.length })).toEqual({ ok: true, mime: 'image/png', ext: 'png' });
  });
});

describe('checkUpload: type by content', () => {
  it('names a file by its bytes: a PNG is a PNG, a PDF a PDF, whatever the field would rather have', () => {
    expect(checkUpload(png(4, 4), scan)).toEqual({ ok: true, mime: 'image/png', ext: 'png' });
    expect(checkUpload(PDF, scan)).toEqual({ ok: true, mime: 'application/pdf', ext: 'pdf' });
    expect(checkUpload(PDF, banner)).toEqual({ ok: false, status: 400, key: 'validation.file_type' });
  });

  it('refuses SVG in every dress with its own message, even where a field lists SVG or text', () => {
    const lax: XFile = { ...scan, accept: [...scan.accept, 'image/svg+xml'] };
    for (const [dress, svg] of Object.entries(SVGS)) {
      for (const spec of [banner, scan, lax]) {
        expect(checkUpload(svg, spec), dress).toEqual({ ok: false, status: 400, key: 'validation.file_svg' });
      }
    }
  });

  it('refuses HTML as a wrong type, even for a field that takes plain text', () => {
    expect(checkUpload(HTML_PAGE, scan)).toEqual({ ok: false, status: 400, key: 'validation.file_type' });
    expect(checkUpload(Buffer.from('  <p>hello</p>'), scan)).toMatchObject({ key: 'validation.file_type' });
    expect(checkUpload(Buffer.from('Licence 384512, valid to 2027'), scan)).toMatchObject({ ok: true, ext: 'txt' });
  });

  it('refuses a GIF where no GIF is taken, and a GIF that claims a script’s worth of pixels where one is', () => {
    expect(checkUpload(GIF_SCRIPT_POLYGLOT, banner)).toMatchObject({ key: 'validation.file_type' });
    // `/*` read as a width is 10,799 pixels.
    expect(checkUpload(GIF_SCRIPT_POLYGLOT, anyImage)).toMatchObject({ status: 400, ...ceiling });
    // A real GIF with a page after it is a GIF; it is served as one (see the files route).
    expect(checkUpload(GIF_HTML_POLYGLOT, anyImage)).toEqual({ ok: true, mime: 'image/gif', ext: 'gif' });
  });
});

describe('checkUpload: image size from the header', () => {
  it('holds every image to its field’s size, and to the ceiling when the field sets none', () => {
    expect(checkUpload(pngClaiming(401, 160), banner)).toMatchObject({
      key: 'validation.image_dimensions',
      params: { width: 400, height: 160 },
    });
    for (const [name, bomb] of Object.entries({
      png: pngClaiming(100_000, 100_000),
      jpeg: jpegClaiming(65_000, 65_000),
      webp: webpClaiming(16_000_000, 16_000_000),
      gif: gifClaiming(60_000, 60_000),
    })) {
      expect(checkUpload(bomb, anyImage), name).toEqual({ ok: false, status: 400, ...ceiling });
    }
    expect(checkUpload(pngClaiming(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE), scan)).toMatchObject({ ok: true });
    expect(checkUpload(pngClaiming(MAX_IMAGE_SIDE + 1, 1), scan)).toMatchObject(ceiling);
    expect(checkUpload(jpegClaiming(1, MAX_IMAGE_SIDE + 1), scan)).toMatchObject(ceiling);
  });

  it('refuses an image whose size cannot be read from its header', () => {
    const cut = pngClaiming(10, 10).subarray(0, 20);
    expect(checkUpload(cut, scan)).toMatchObject(ceiling);
  });

  it('never decodes pixels: a header that fits is enough, whatever follows it', () => {
    // Random bytes where the compressed pixels should be: a decoder would refuse the file.
    expect(checkUpload(pngClaiming(400, 160, Buffer.from('garbage, not deflate')), banner)).toMatchObject({ ok: true });
  });

  it('refuses a 100,000 × 100,000 PNG as fast as an 8,001 × 8,001 one, allocating nothing', () => {
    // 156 times the pixels: any work that grew with the pixels would show as a ratio near that.
    const bomb = pngClaiming(100_000, 100_000);
    const small = pngClaiming(MAX_IMAGE_SIDE + 1, MAX_IMAGE_SIDE + 1);
    const time = (file: Buffer) => {
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const started = process.hrtime.bigint();
        for (let i = 0; i < 1_000; i++) checkUpload(file, scan);
        best = Math.min(best, Number(process.hrtime.bigint() - started));
      }
      return best;
    };
    time(small);
    const before = process.memoryUsage().arrayBuffers;
    const bombTime = time(bomb);
    const allocated = process.memoryUsage().arrayBuffers - before;
    expect(bombTime / time(small)).toBeLessThan(10);
    expect(allocated).toBeLessThan(1024 * 1024);
  });
});

describe('multipartRequestLimit', () => {
  it('is every file at its limit, the record and the framing', () => {
    expect(multipartRequestLimit({ a: scan, b: banner }, 1_000_000)).toBe(2 * 1_048_576 + 1_000_000 + 64 * 1024);
    expect(multipartRequestLimit({}, 10)).toBe(10 + 64 * 1024);
  });
});
