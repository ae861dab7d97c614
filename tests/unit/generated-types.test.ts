import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, generateTypes } from '../../scripts/generate-types';

describe('generated types', () => {
  it('match the schemas (run `npm run generate` after changing a schema)', async () => {
    for (const [file, source] of await generateTypes()) {
      const committed = await readFile(join(generatedDir, file), 'utf8').catch(() => '(missing)');
      expect(committed, file).toBe(source);
    }
  });
});
