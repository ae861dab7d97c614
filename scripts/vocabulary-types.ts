/**
 * The TypeScript types of the `x-` keywords (`src/generated/vocabulary.ts`), from the meta-schema
 * `schemas/meta/x-vocabulary.json`: one type per definition whose name starts with a capital
 * (`XResource`, `XList`, `PropertyKeywords`, …) and `VocabularyKeywords`, every keyword by name.
 */
import { compile } from 'json-schema-to-typescript';
import { definition, keywordsOf, PLACES, VOCABULARY, type MetaSchema } from '../src/schema/vocabulary';

const isTypeName = (name: string) => /^[A-Z]/.test(name);

/** The keywords of the rule groups (`ValueRuleKeywords`, `ObjectRuleKeywords`): validation ajv runs. */
export const ruleKeywords = () =>
  new Set(
    Object.keys(VOCABULARY.$defs)
      .filter((group) => group.endsWith('RuleKeywords'))
      .flatMap((group) => keywordsOf(group).map(([keyword]) => keyword)),
  );

/**
 * The schema with every `$ref` that has siblings (a description of its own) replaced by what it
 * points at: json-schema-to-typescript would otherwise declare a numbered copy of the type for
 * each such place. A bare `$ref` stays, and names its type.
 */
function inlined(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inlined);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, ...rest } = schema as MetaSchema;
  const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value)]));
  if (typeof $ref !== 'string' || Object.keys(rest).length === 0) return $ref ? { $ref, ...own } : own;
  return { ...(inlined(definition($ref)) as MetaSchema), ...own };
}

/** The source of `src/generated/vocabulary.ts`, under `banner`. */
export async function vocabularyTypes(banner: string): Promise<string> {
  const $defs = Object.fromEntries(
    Object.entries(VOCABULARY.$defs)
      .filter(([name]) => isTypeName(name))
      .map(([name, schema]) => [name, inlined(schema)]),
  );
  const keywords = new Map<string, MetaSchema>();
  for (const place of PLACES)
    for (const group of place.groups) for (const [name, value] of keywordsOf(group)) keywords.set(name, value);
  const root = {
    description: 'Every `x-` keyword of the vocabulary, by name, with the type of its value.',
    type: 'object',
    properties: Object.fromEntries(keywords),
    $defs,
  };
  const types = await compile(root as Parameters<typeof compile>[0], 'VocabularyKeywords', {
    bannerComment: banner,
    additionalProperties: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: true,
    ignoreMinAndMaxItems: true,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
  const hints = [...keywords.keys()].filter((keyword) => !ruleKeywords().has(keyword));
  return `${types}
/** Keywords that carry hints, not validation: ajv learns them as annotations (the rules are \`customKeywords\` of src/schema/keywords.ts). */
export const HINT_KEYWORDS = [
${hints.map((keyword) => `  '${keyword}',`).join('\n')}
] as const;
`;
}
