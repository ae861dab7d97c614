/**
 * Reading BIFF8 records (the `Workbook` stream of an XLS file): the record sequence, and strings
 * that may run on from a record into the CONTINUE records after it.
 */

export const CONTINUE = 0x003c;

export interface BiffRecord {
  type: number;
  /** Where the record's header starts in the stream. */
  offset: number;
  data: Uint8Array;
}

export const u16 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
export const u32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

export function f64(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset + at, 8).getFloat64(0, true);
}

/** The records of a stream from `start`, each with its CONTINUE records' data in `continues`. */
export function* records(stream: Uint8Array, start = 0): Generator<BiffRecord & { continues: Uint8Array[] }> {
  let at = start;
  let pending: (BiffRecord & { continues: Uint8Array[] }) | null = null;
  while (at + 4 <= stream.length) {
    const type = u16(stream, at);
    const length = u16(stream, at + 2);
    const data = stream.subarray(at + 4, at + 4 + length);
    if (type === CONTINUE && pending) pending.continues.push(data);
    else {
      if (pending) yield pending;
      pending = { type, offset: at, data, continues: [] };
    }
    at += 4 + length;
  }
  if (pending) yield pending;
}

/**
 * RK: a number packed in 32 bits, either a 30-bit integer or the top 30 bits of a double, and
 * possibly to be divided by 100.
 */
export function rkNumber(rk: number): number {
  const hundredths = (rk & 1) !== 0;
  let value: number;
  if (rk & 2) value = (rk | 0) >> 2;
  else {
    const bits = new DataView(new ArrayBuffer(8));
    bits.setUint32(4, rk & 0xfffffffc, true);
    value = bits.getFloat64(0, true);
  }
  return hundredths ? value / 100 : value;
}

const utf16 = new TextDecoder('utf-16le');

/** 8-bit characters are the first 256 code points (not windows-1252, which TextDecoder's "latin1" is). */
function compressed(bytes: Uint8Array): string {
  let text = '';
  for (let from = 0; from < bytes.length; from += 4096) {
    text += String.fromCharCode(...bytes.subarray(from, from + 4096));
  }
  return text;
}

/**
 * A cursor over a record's data and its CONTINUE records. Characters of a string that cross into
 * the next CONTINUE start it with one byte saying whether they are 8 or 16 bits wide; any other
 * bytes just run on.
 */
export class BiffReader {
  private segment = 0;
  private at: number;

  constructor(
    private readonly segments: Uint8Array[],
    start = 0,
  ) {
    this.at = start;
  }

  private current(): Uint8Array {
    while (this.at >= this.segments[this.segment].length) {
      if (this.segment + 1 >= this.segments.length) throw new RangeError('BIFF record ends early');
      this.segment++;
      this.at = 0;
    }
    return this.segments[this.segment];
  }

  byte(): number {
    return this.current()[this.at++];
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(count: number): void {
    let left = count;
    while (left > 0) {
      const available = this.current().length - this.at;
      const step = Math.min(available, left);
      this.at += step;
      left -= step;
    }
  }

  /** `count` characters, 16 bits wide when `wide`, the width restated at each CONTINUE crossed. */
  chars(count: number, wide: boolean): string {
    let text = '';
    let left = count;
    let sixteen = wide;
    while (left > 0) {
      const segment = this.segments[this.segment];
      if (this.at >= segment.length) {
        if (this.segment + 1 >= this.segments.length) throw new RangeError('BIFF string ends early');
        this.segment++;
        this.at = 0;
        sixteen = (this.segments[this.segment][this.at++] & 1) === 1;
        continue;
      }
      const size = sixteen ? 2 : 1;
      const fit = Math.min(left, Math.floor((segment.length - this.at) / size));
      if (fit === 0) throw new RangeError('BIFF character split across records');
      const bytes = segment.subarray(this.at, this.at + fit * size);
      text += sixteen ? utf16.decode(bytes) : compressed(bytes);
      this.at += fit * size;
      left -= fit;
    }
    return text;
  }

  /** XLUnicodeString: 16-bit length, a flags byte, the characters. */
  unicodeString(): string {
    const count = this.u16();
    return this.chars(count, (this.byte() & 1) === 1);
  }

  /** XLUnicodeRichExtendedString (a shared string): its characters; rich runs and phonetics are skipped. */
  richString(): string {
    const count = this.u16();
    const flags = this.byte();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extended = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4 + extended);
    return text;
  }
}
