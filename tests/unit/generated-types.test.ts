import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, generateTypes } from '../../scripts/generate-types';

// json-schema-to-typescript takes seconds for the forty-odd files on a busy machine.
describe('generated types', { timeout: 30_000 }, () => {
  it('match the schemas (run `npm run generate` after changing a schema)', async () => {
    for (const [file, source] of await generateTypes()) {
      const committed = await readFile(join(generatedDir, file), 'utf8').catch(() => '(missing)');
      expect(committed, file).toBe(source);
    }
  });
});
