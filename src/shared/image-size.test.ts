import { describe, expect, it } from 'vitest';
import { png } from '../../tests/support/images';
import { imageSize } from './image-size';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('image size from header bytes', () => {
  it('reads a PNG', () => {
    expect(imageSize(png(400, 160))).toEqual({ width: 400, height: 160 });
    expect(imageSize(png(401, 1))).toEqual({ width: 401, height: 1 });
  });

  it('reads a GIF', () => {
    expect(imageSize(bytes('GIF89a', [0x90, 0x01, 0xa0, 0x00]))).toEqual({ width: 400, height: 160 });
  });

  it('reads a JPEG past its APP0 segment', () => {
    const app0 = [
      0xff,
      0xe0,
      0x00,
      0x10,
      ...'JFIF'.split('').map((c) => c.charCodeAt(0)),
      0,
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
    ];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xa1, 0x01, 0x90, 0x03];
    expect(imageSize(bytes([0xff, 0xd8], app0, sof0, new Array(12).fill(0)))).toEqual({ width: 400, height: 161 });
  });

  it('reads the three kinds of WebP', () => {
    const riff = (kind: string, payload: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', kind, [10, 0, 0, 0], payload);
    expect(imageSize(riff('VP8X', [0, 0, 0, 0, 0x8f, 0x01, 0x00, 0x9f, 0x00, 0x00]))).toEqual({
      width: 400,
      height: 160,
    });
    expect(imageSize(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x90, 0x01, 0xa0, 0x00]))).toEqual({
      width: 400,
      height: 160,
    });
    // VP8L packs width-1 and height-1 in 14 bits each after the 0x2f signature.
    const w = 399;
    const h = 159;
    const packed = w | (h << 14);
    expect(
      imageSize(
        riff('VP8L', [0x2f, packed & 0xff, (packed >> 8) & 0xff, (packed >> 16) & 0xff, (packed >> 24) & 0xff]),
      ),
    ).toEqual({
      width: 400,
      height: 160,
    });
  });

  it('knows nothing of other bytes', () => {
    expect(imageSize(bytes('%PDF-1.7'))).toBeNull();
    expect(imageSize(bytes('<svg width="1"'))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
  });
});
