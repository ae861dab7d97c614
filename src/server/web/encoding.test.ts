import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedCodings, encodedFile } from './encoding';

describe('acceptedCodings', () => {
  it('reads the codings a browser sends', () => {
    expect(acceptedCodings('gzip, deflate, br, zstd')).toEqual(new Set(['gzip', 'br']));
    expect(acceptedCodings('gzip')).toEqual(new Set(['gzip']));
    expect(acceptedCodings(undefined)).toEqual(new Set());
    expect(acceptedCodings('identity')).toEqual(new Set());
  });

  it('leaves out a coding refused with q=0, and takes * for any other', () => {
    expect(acceptedCodings('br;q=0, gzip;q=0.8')).toEqual(new Set(['gzip']));
    expect(acceptedCodings('*')).toEqual(new Set(['br', 'gzip']));
    expect(acceptedCodings('*, br;q=0')).toEqual(new Set(['gzip']));
  });
});

describe('encodedFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bawaba-encoding-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const text = JSON.stringify({ hello: 'world'.repeat(100) });
  writeFileSync(join(dir, 'plain.json'), text);
  writeFileSync(join(dir, 'copied.json'), text);
  writeFileSync(join(dir, 'copied.json.br'), 'brotli copy');

  it('prefers the precompressed copy of the best accepted coding', async () => {
    const { body, coding } = await encodedFile(join(dir, 'copied.json'), new Set(['gzip', 'br']));
    expect(coding).toBe('br');
    expect(body.toString()).toBe('brotli copy');
  });

  it('gzips a file without copies on the way, or sends it as it is', async () => {
    const gzipped = await encodedFile(join(dir, 'plain.json'), new Set(['gzip', 'br']));
    expect(gzipped.coding).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(text);
    const plain = await encodedFile(join(dir, 'plain.json'), new Set());
    expect(plain).toEqual({ body: Buffer.from(text), coding: null });
  });

  it('rejects for a missing file', async () => {
    await expect(encodedFile(join(dir, 'missing.json'), new Set(['gzip']))).rejects.toThrow();
  });
});
