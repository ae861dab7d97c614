// Not fflate's `unzip`: it inflates while it walks the directory and trusts the declared sizes;
// here the whole directory is vetted first and no entry may inflate past what it declared.
import { Inflate } from 'fflate';
import { incorrectFormat, SpreadsheetRefused } from './cells';

/**
 * Reading the few entries of an XLSX file (a zip archive) without trusting it. The central
 * directory is read first and the whole archive refused — before anything is inflated — when it
 * holds too many entries, declares too much data or an entry compressed implausibly well (a zip
 * bomb). An entry is then inflated into a buffer of its declared size and refused as soon as it
 * yields more, so a lying header cannot make it grow either.
 */

export interface ZipLimits {
  /** Entries in the archive (an XLSX file has a dozen or two). */
  maxEntries: number;
  /** Declared uncompressed size of any one entry, in bytes. */
  maxEntrySize: number;
  /** Declared uncompressed size of all entries together, in bytes. */
  maxTotalSize: number;
  /** Uncompressed / compressed size of an entry larger than `ratioFloor` bytes. */
  maxRatio: number;
  /** Entries up to this size are not held to the ratio (tiny XML parts compress very well). */
  ratioFloor: number;
}

/** Room for 100,000 rows of invoices with margin; real sheets compress 5 to 20 times. */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 1_000,
  maxEntrySize: 200 * 1024 * 1024,
  maxTotalSize: 250 * 1024 * 1024,
  maxRatio: 200,
  ratioFloor: 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** The archive could be a bomb, or claims more than a spreadsheet of invoices needs. */
const refusedArchive = (detail: string) => new SpreadsheetRefused('app.bulk.file_refused', {}, detail);

const u16 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const u32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

function endOfDirectory(bytes: Uint8Array): number {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  const last = bytes.length - 22;
  for (let at = last; at >= 0 && at >= last - 65_535; at--) {
    if (u32(bytes, at) === EOCD) return at;
  }
  throw incorrectFormat('no zip end record');
}

/** Every entry of the central directory, checked against `limits`; nothing is inflated. */
export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits = XLSX_LIMITS): Map<string, ZipEntry> {
  const end = endOfDirectory(bytes);
  const count = u16(bytes, end + 10);
  const offset = u32(bytes, end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw refusedArchive('zip64 archive');
  if (count > limits.maxEntries) throw refusedArchive(`${count} entries`);
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder();
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL) throw incorrectFormat('bad central directory');
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const localOffset = u32(bytes, at + 42);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw refusedArchive(`${name} is encrypted`);
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw refusedArchive(`${name} is zip64`);
    if (size > limits.maxEntrySize) throw refusedArchive(`${name} declares ${size} bytes`);
    total += size;
    if (total > limits.maxTotalSize) throw refusedArchive(`entries declare ${total} bytes`);
    if (size > limits.ratioFloor && size / Math.max(compressedSize, 1) > limits.maxRatio)
      throw refusedArchive(`${name} inflates ${Math.round(size / Math.max(compressedSize, 1))} times`);
    if (method !== STORED && method !== DEFLATED) throw incorrectFormat(`${name} uses compression ${method}`);
    entries.set(name, { name, method, compressedSize, size, localOffset });
  }
  return entries;
}

/** Compressed bytes are fed in slices this long, so an entry overshooting its size is caught early. */
const SLICE = 16 * 1024;

/** The uncompressed bytes of one entry, never more than it declared. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || u32(bytes, at) !== LOCAL) throw incorrectFormat(`bad local header of ${entry.name}`);
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw incorrectFormat(`${entry.name} is cut short`);
  if (entry.method === STORED) {
    if (entry.size !== entry.compressedSize) throw incorrectFormat(`${entry.name} sizes differ`);
    return data;
  }
  const out = new Uint8Array(entry.size);
  let length = 0;
  const inflater = new Inflate((chunk) => {
    if (length + chunk.length > out.length) throw refusedArchive(`${entry.name} inflates beyond its declared size`);
    out.set(chunk, length);
    length += chunk.length;
  });
  try {
    for (let from = 0; from < data.length || from === 0; from += SLICE) {
      inflater.push(data.subarray(from, from + SLICE), from + SLICE >= data.length);
    }
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error;
    throw incorrectFormat(`${entry.name} does not inflate`);
  }
  return out.subarray(0, length);
}
