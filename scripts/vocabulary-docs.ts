/**
 * The keyword tables of `schemas/README.md`, from the meta-schema `schemas/meta/x-vocabulary.json`.
 * The README's prose stays hand-written; the generator fills what stands between its markers:
 * - `<!-- vocabulary:table <Group> … -->`: one row per keyword of the groups named (where it may
 *   stand, its description);
 * - `<!-- vocabulary:keys -->`: the keys of every object keyword, one table per object.
 * Each ends at `<!-- vocabulary:end -->`. Every keyword must be in some table.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { definition, keywordPlaces, keywordsOf, type MetaSchema } from '../src/schema/vocabulary';

export const readmeFile = join(fileURLToPath(new URL('..', import.meta.url)), 'schemas', 'README.md');

const MARKER = /<!-- vocabulary:(table|keys)([\w ]*) -->\n[\s\S]*?<!-- vocabulary:end -->/g;

/** A markdown table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** GitHub's anchor of a heading. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

/** An object of the vocabulary with keys of its own, and where it is reached from. */
interface KeyedObject {
  path: string;
  schema: MetaSchema;
  /** Other keys it is the value of (a view's `dateRange` is also `x-list.dateRange`). */
  also: string[];
}

/** The schema a `$ref` leads to, descriptions of the place kept. */
const resolved = (schema: MetaSchema): MetaSchema =>
  schema.$ref ? { ...resolved(definition(schema.$ref)), ...schema, $ref: undefined } : schema;

/** Every object with keys below a keyword's value, depth first, each once (its first path). */
function keyedObjects(keywords: readonly string[]): KeyedObject[] {
  const found: KeyedObject[] = [];
  const seen = new Set<MetaSchema>();
  const visit = (raw: MetaSchema, path: string) => {
    const target = raw.$ref ? definition(raw.$ref) : raw;
    if (seen.has(target)) {
      found.find(({ schema }) => schema === target)?.also.push(path);
      return;
    }
    seen.add(target);
    const schema = resolved(raw);
    if (schema.properties && Object.keys(schema.properties).length > 1) found.push({ path, schema: target, also: [] });
    for (const [key, value] of Object.entries(schema.properties ?? {})) visit(value, `${path}.${key}`);
    if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties, `${path}.<name>`);
    for (const option of schema.anyOf ?? []) visit(option, path);
  };
  for (const keyword of keywords) visit(valueOf(keyword), keyword);
  return found;
}

/** The schema of a keyword's value. */
function valueOf(keyword: string): MetaSchema {
  for (const place of keywordPlaces().get(keyword) ?? [])
    for (const group of place.groups) {
      const found = keywordsOf(group).find(([name]) => name === keyword);
      if (found) return found[1];
    }
  throw new Error(`x-vocabulary has no keyword ${keyword}`);
}

/** A short text for a value: `string`, `list of string`, `"rtl" or "ltr"`, a link to its keys. */
function valueText(raw: MetaSchema, objects: readonly KeyedObject[]): string {
  const target = raw.$ref ? definition(raw.$ref) : raw;
  const keyed = objects.find(({ schema }) => schema === target);
  if (keyed) return `object ([keys](#${anchor(keyed.path)}))`;
  const schema = resolved(raw);
  if (schema.const !== undefined) return code(schema.const);
  if (schema.enum) return schema.enum.map(code).join(' or ');
  if (schema.anyOf) return schema.anyOf.map((option) => valueText(option, objects)).join(', or ');
  if (schema.type === 'array') {
    if (Array.isArray(schema.items)) return `[${schema.items.map((item) => valueText(item, objects)).join(', ')}]`;
    return `list of ${schema.items ? valueText(schema.items, objects) : 'values'}`;
  }
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object')
    return `map of ${valueText(schema.additionalProperties, objects)} by name`;
  return String(schema.type ?? 'value');
}

function keywordTable(keywords: readonly string[], objects: readonly KeyedObject[]): string {
  const rows = keywords.map((keyword) => {
    const on = (keywordPlaces().get(keyword) ?? []).map(({ title }) => title).join(', ');
    const schema = resolved(valueOf(keyword));
    const keys = objects.find(({ path }) => path === keyword || path.startsWith(`${keyword}.`));
    const more = keys ? ` [Keys](#${anchor(keys.path)}).` : '';
    return `| ${code(keyword)} | ${cell(on)} | ${cell(schema.description ?? '')}${more} |`;
  });
  return ['| keyword | on | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

function keysSections(objects: readonly KeyedObject[]): string {
  return objects
    .map(({ path, schema, also }) => {
      const required = new Set(schema.required ?? []);
      const rows = Object.entries(schema.properties ?? {}).map(([key, value]) => {
        const text = valueText(value, objects) + (required.has(key) ? ', required' : '');
        return `| ${code(key)} | ${cell(text)} | ${cell(resolved(value).description ?? '')} |`;
      });
      return [
        `### ${code(path)}`,
        '',
        [schema.description ?? '', also.length > 0 ? `Also the value of ${also.map(code).join(', ')}.` : '']
          .filter(Boolean)
          .join(' '),
        '',
        '| key | value | meaning |',
        '| --- | --- | --- |',
        ...rows,
      ].join('\n');
    })
    .join('\n\n');
}

/** `readme` with its generated sections filled from the meta-schema, formatted as the repository's Prettier wants. */
export async function vocabularyDocs(readme: string): Promise<string> {
  const tables = [...readme.matchAll(MARKER)].filter(([, kind]) => kind === 'table');
  const documented = tables.flatMap(([, , groups]) =>
    groups
      .trim()
      .split(/\s+/)
      .flatMap((group) => keywordsOf(group).map(([keyword]) => keyword)),
  );
  const missing = [...keywordPlaces().keys()].filter((keyword) => !documented.includes(keyword));
  if (missing.length > 0)
    throw new Error(`schemas/README.md has no vocabulary:table for ${missing.join(', ')}: name its group in one`);
  const objects = keyedObjects([...new Set(documented)]);
  const filled = readme.replace(MARKER, (_marker, kind: string, groups: string) => {
    const keywords = [
      ...new Set(
        groups
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .flatMap((group) => keywordsOf(group).map(([keyword]) => keyword)),
      ),
    ];
    const body = kind === 'table' ? keywordTable(keywords, objects) : keysSections(objects);
    return `<!-- vocabulary:${kind}${groups} -->\n\n${body}\n\n<!-- vocabulary:end -->`;
  });
  return format(filled, { ...(await resolveConfig(readmeFile)), filepath: readmeFile });
}
