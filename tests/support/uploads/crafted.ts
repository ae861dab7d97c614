import { zipSync } from 'fflate';
import { pngChunk } from '../images';

/**
 * Hostile files for upload tests, made in memory: images whose header claims a size their bytes
 * do not hold, markup dressed as images, polyglots, and zip bombs.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG whose header says `width` × `height` (8-bit RGBA) followed by `data` where the pixels
 * should be: a decompression bomb when the size is huge (100,000² RGBA is 40 GB once decoded).
 */
export function pngClaiming(width: number, height: number, data = Buffer.from('not pixels')): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG's first bytes: SOI, an APP0 segment, and a start-of-frame giving the size. */
export function jpegClaiming(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

/** An extended WebP (VP8X) header giving the canvas size, 24 bits each. */
export function webpClaiming(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), chunk]);
}

/** A GIF's header (logical screen `width` × `height`) followed by `rest`. */
export function gifClaiming(width: number, height: number, rest: Buffer | string = ''): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from(rest)]);
}

/**
 * A GIF that is also a script: the logical screen size bytes open a JavaScript comment (`/*`), so
 * `<script src=…>` would run it if it were ever served as JavaScript.
 */
export const GIF_SCRIPT_POLYGLOT = Buffer.concat([
  Buffer.from('GIF89a/*', 'latin1'),
  Buffer.from([0x00, 0x00, 0x00]),
  Buffer.from('*/=1;alert(document.domain);//', 'latin1'),
]);

/** A 1×1 GIF with an HTML page after its trailer: a browser sniffing it would find a page. */
export const GIF_HTML_POLYGLOT = gifClaiming(
  1,
  1,
  Buffer.concat([
    // One image descriptor of 1×1, its LZW data, and the trailer.
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
    Buffer.from('<html><script>alert(document.cookie)</script></html>'),
  ]),
);

const SVG_BODY =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>';

/** SVG files as they come: bare, behind an XML declaration and doctype, with a byte order mark, indented. */
export const SVGS: Record<string, Buffer> = {
  bare: Buffer.from(SVG_BODY),
  declared: Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG_BODY}`,
  ),
  bom: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`\r\n  ${SVG_BODY}`)]),
  uppercase: Buffer.from(SVG_BODY.replace('<svg', '<SVG').replace('</svg>', '</SVG>')),
};

export const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
);

/** `megabytes` MB of zeros, deflated as the one sheet of an XLSX-looking archive (about 1,000 : 1). */
export function zipBomb(megabytes: number): Uint8Array {
  return zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(megabytes * 1024 * 1024) }, { level: 9 });
}

/**
 * An archive of `count` empty entries, written directly (local headers, central directory, end
 * record) since it only has to be read. The end record's 16-bit count holds `count` modulo 65,536,
 * as a writer without zip64 leaves it.
 */
export function zipOfManyEntries(count: number): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`e/${i}.xml`, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name);
    centrals.push(central, name);
    offset += local.length + name.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count & 0xffff, 8);
  end.writeUInt16LE(count & 0xffff, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
