import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, generateTypes } from '../../scripts/generate-types';
import { readmeFile, vocabularyDocs } from '../../scripts/vocabulary-docs';
import { entitySchemas } from '../../src/schema/registry';
import type { EntitySchema } from '../../src/schema/types';

// json-schema-to-typescript takes seconds for the forty-odd files on a busy machine.
describe('generated types', { timeout: 30_000 }, () => {
  it('match the schemas and the vocabulary (run `npm run generate` after changing a schema)', async () => {
    const files = await generateTypes();
    expect([...files.keys()]).toContain('vocabulary.ts');
    for (const [file, source] of files) {
      const committed = await readFile(join(generatedDir, file), 'utf8').catch(() => '(missing)');
      expect(committed, file).toBe(source);
    }
  });

  it('are not generated from a schema with a misspelled or misplaced x- key', async () => {
    const invoice = structuredClone(entitySchemas.invoice) as EntitySchema & Record<string, unknown>;
    (invoice['x-resource'] as unknown as Record<string, unknown>).permision = 'invoices';
    await expect(generateTypes({ invoice })).rejects.toThrow(
      'schemas/invoice.json#/x-resource/permision: unknown key "permision" in x-resource',
    );
    const misplaced = { ...structuredClone(entitySchemas.invoice), 'x-ui': { widget: 'tabs' } };
    await expect(generateTypes({ invoice: misplaced })).rejects.toThrow(
      'schemas/invoice.json#/x-ui: "x-ui" may not stand on the schema',
    );
  });
});

describe('the keyword tables of schemas/README.md', { timeout: 30_000 }, () => {
  it('match the vocabulary (run `npm run generate` after changing schemas/meta/x-vocabulary.json)', async () => {
    const committed = await readFile(readmeFile, 'utf8');
    expect(committed).toBe(await vocabularyDocs(committed));
  });

  it('are rewritten from the meta-schema, whatever stands between the markers', async () => {
    const committed = await readFile(readmeFile, 'utf8');
    const tampered = committed.replace(
      /(<!-- vocabulary:table [\w ]+ -->\n)[\s\S]*?(<!-- vocabulary:end -->)/,
      '$1\n$2',
    );
    expect(tampered).not.toBe(committed);
    expect(await vocabularyDocs(tampered)).toBe(committed);
  });
});
