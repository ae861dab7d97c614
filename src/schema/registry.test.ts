import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entitySchemas } from './registry';

/** Every file of `schemas/` is an entity of the registry, under the name of its file. */
describe('the registry', () => {
  it('holds every schema file of schemas/ by its $id, which is the file name', () => {
    const files = readdirSync(new URL('../../schemas/', import.meta.url)).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual(Object.keys(entitySchemas).sort());
    for (const [id, entity] of Object.entries(entitySchemas)) expect(entity.$id).toBe(id);
  });
});
