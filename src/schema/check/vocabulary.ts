import Ajv2019, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2019';
import { pointerTo, type SchemaProblem } from './problems';
import { definitionName, keywordPlaces, VOCABULARY, type MetaSchema } from '../vocabulary';

/**
 * Checks an entity schema against the meta-schema of our vocabulary (`schemas/meta/x-vocabulary.json`):
 * an unknown `x-` keyword, one standing where it means nothing, or a misspelled or ill-typed key
 * inside one is a problem with the file and the JSON pointer of the key. Node only: the server,
 * the generator and the tests run it; the portal never loads it.
 */

let validator: ValidateFunction | undefined;

/**
 * The meta-schema, compiled once per process, as cheaply as ajv allows (about a tenth of a second):
 * it validates some forty small documents once, so neither inlined references nor optimised code
 * would pay for the time they take to build. The meta-schema's own validity is a unit test's.
 */
function validate(): ValidateFunction {
  validator ??= new Ajv2019({
    allErrors: true,
    // The errors carry the schema they come from, which names the place a keyword stood in.
    verbose: true,
    // A place may hold a boolean schema (`additionalProperties: false`), which has no type.
    strictTypes: false,
    validateSchema: false,
    inlineRefs: false,
    code: { optimize: false },
  }).compile(VOCABULARY);
  return validator;
}

/** A short text for what a schema of the meta-schema accepts: `"login" | "merchant" | object`. */
function expected(schema: MetaSchema): string {
  if (schema.$ref) return expected(VOCABULARY.$defs[definitionName(schema.$ref)] ?? {});
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(expected).join(' | ');
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) return `${expected(schema.items)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'anything');
}

/** Levenshtein distance, for the keyword a misspelled one was meant to be. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

const closest = (word: string, candidates: Iterable<string>) =>
  [...candidates]
    .map((candidate) => ({ candidate, far: distance(word.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ far }) => far <= 2)
    .sort((a, b) => a.far - b.far)[0]?.candidate;

const suggestion = (word: string, candidates: Iterable<string>) => {
  const meant = closest(word, candidates);
  return meant ? ` (did you mean "${meant}"?)` : '';
};

/** What is wrong with a key the place it stands in does not allow. */
function misplacedKeyword(keyword: string, place: MetaSchema): string {
  const allowed = keywordPlaces().get(keyword);
  if (!allowed) return `unknown keyword "${keyword}"${suggestion(keyword, keywordPlaces().keys())}`;
  return `"${keyword}" may not stand on ${place.title ?? 'this schema'}; it belongs on ${allowed.map(({ title }) => title).join(' or ')}`;
}

/** The keyword a pointer leads into, with the keys below it: `/properties/a/x-ui` is `x-ui`. */
function keywordPath(pointer: string): string {
  const segments = pointer.split('/').slice(1);
  const keyword = segments.findLastIndex((segment) => segment.startsWith('x-'));
  return keyword < 0 ? 'the schema' : segments.slice(keyword).join('.');
}

function problemOf(file: string, error: ErrorObject): SchemaProblem {
  const at = (pointer: string, message: string) => ({ file, pointer, message });
  const parent = (error.parentSchema ?? {}) as MetaSchema;
  switch (error.keyword) {
    case 'unevaluatedProperties': {
      const key = String(error.params.unevaluatedProperty);
      return at(pointerTo(error.instancePath, key), misplacedKeyword(key, parent));
    }
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const keys = Object.keys(parent.properties ?? {});
      const owner = keywordPath(error.instancePath);
      return at(
        pointerTo(error.instancePath, key),
        `unknown key "${key}" in ${owner}${suggestion(key, keys)}; it takes ${keys.join(', ')}`,
      );
    }
    case 'required':
      return at(error.instancePath, `"${String(error.params.missingProperty)}" is required`);
    case 'anyOf':
      return at(error.instancePath, `must be ${expected(parent)}`);
    case 'enum':
    case 'const':
      return at(error.instancePath, `must be ${expected(parent)}`);
    default:
      return at(error.instancePath, error.message ?? error.keyword);
  }
}

/**
 * The errors worth reading: a union (`anyOf`) that fails is reported once, as what it accepts,
 * instead of once per alternative it tried.
 */
function significant(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((error) => error.keyword === 'anyOf');
  return errors.filter(
    (error) =>
      error.keyword === 'anyOf' ||
      !unions.some(
        (union) =>
          error.schemaPath.startsWith(`${union.schemaPath}/`) && error.instancePath.startsWith(union.instancePath),
      ),
  );
}

/** Every way `entity` (read from `file`) breaks the vocabulary; none when it keeps to it. */
export function vocabularyProblems(entity: unknown, file: string): SchemaProblem[] {
  const check = validate();
  if (check(entity)) return [];
  return significant(check.errors ?? []).map((error) => problemOf(file, error));
}
