import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopies } from '../../scripts/precompress';

describe('build precompression', () => {
  it('writes a brotli and a gzip copy that decompress to the file', async () => {
    const content = Buffer.from('const message = "bawaba";\n'.repeat(200));
    const copies = await compressedCopies(content);
    expect(copies.map((copy) => copy.suffix)).toEqual(['.br', '.gz']);
    const [br, gz] = copies;
    expect(brotliDecompressSync(br.body).equals(content)).toBe(true);
    expect(gunzipSync(gz.body).equals(content)).toBe(true);
    expect(br.body.length).toBeLessThan(content.length / 10);
  });

  it('leaves small files alone', async () => {
    expect(await compressedCopies(Buffer.from('console.log(1)'))).toEqual([]);
  });
});
