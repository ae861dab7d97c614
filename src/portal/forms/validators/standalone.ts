import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashForSchema, RJSF_ADDITIONAL_PROPERTIES_FLAG, schemaParser, type RJSFSchema } from '@rjsf/utils';
import Ajv, { type KeywordDefinition, type Options } from 'ajv';
import { _, Name, stringify } from 'ajv/dist/compile/codegen';
import standaloneCode from 'ajv/dist/standalone';
import { ajvOptions } from '../../../schema/ajv';
import { customKeywords, installVocabulary } from '../../../schema/keywords';

/**
 * Build-time compilation of validators into plain JavaScript (ajv's standalone code), so the
 * portal's forms, its password reset and its upload check validate without compiling anything in
 * the browser. The code calls the formats and rule keywords of `src/schema/keywords.ts` through
 * `./runtime.ts`, and ajv's helpers through imports: the same rules as the API, and no `eval`.
 */

/** Module the compiled code takes the formats and keywords from. */
const RUNTIME = join(dirname(fileURLToPath(import.meta.url)), 'runtime.ts');
const RUNTIME_NAME = '__runtime';
/** Object the compiled functions are stored in, by schema `$id` (or rjsf's hash for sub-schemas). */
const FUNCTIONS_NAME = '__functions';

/** Schemas compiled into one module. */
export interface ValidatorSet {
  /** Root schemas, each with its own `$id`. */
  schemas: readonly object[];
  /**
   * Compiled as rjsf's validator compiles them (its ajv options and formats), with every part of
   * a schema rjsf checks on its own (conditions, options), keyed as rjsf looks them up.
   */
  forms?: boolean;
}

const customNames = new Set(customKeywords.map((definition) => String(definition.keyword)));

/**
 * An ajv whose rule keywords carry their source: a keyword's function is a value the compiled code
 * must name, so each is registered with the code that gets it from `./runtime.ts` (the very
 * definition, or its `compile` called with the same schema) before ajv asks for it.
 */
class StandaloneAjv extends Ajv {
  override addKeyword(definition: string | KeywordDefinition, deprecated?: KeywordDefinition): Ajv {
    if (typeof definition === 'string' || !customNames.has(String(definition.keyword)))
      return super.addKeyword(definition, deprecated);
    const keyword = String(definition.keyword);
    const source = _`${new Name(RUNTIME_NAME)}.keywords[${keyword}]`;
    let installed: KeywordDefinition = definition;
    if ('validate' in definition && definition.validate)
      this.scope.value('keyword', { ref: definition.validate, code: _`${source}.validate` });
    if ('compile' in definition && definition.compile) {
      const compile = definition.compile;
      installed = {
        ...definition,
        compile: (schema, parentSchema, it) => {
          const compiled = compile.call(this, schema, parentSchema, it);
          this.scope.value('keyword', {
            ref: compiled,
            code: _`${source}.compile(${stringify(schema)}, ${stringify(parentSchema)})`,
          });
          return compiled;
        },
      };
    }
    super.addKeyword(installed);
    // A `$data` value is checked against the keyword's meta-schema: compile that as a schema of its own.
    const rule = this.RULES.all[keyword];
    const checkData = typeof rule === 'object' ? rule.definition.validateSchema : undefined;
    if (checkData) {
      const id = `data.${keyword}`;
      // A copy: ajv would find the meta-schema it compiled for itself, which standalone code leaves out.
      this.addSchema(structuredClone(checkData.schema) as object, id);
      this.scope.value('validate$data', { ref: checkData, code: _`${new Name(FUNCTIONS_NAME)}[${id}]` });
    }
    return this;
  }
}

/** The ajv the set is compiled with: the product's options and vocabulary, plus rjsf's for forms. */
function compilerFor(set: ValidatorSet): Ajv {
  const options: Options = {
    ...(set.forms ? { allErrors: true, multipleOfPrecision: 8, verbose: true } : {}),
    ...ajvOptions,
    code: { source: true, lines: true, formats: _`${new Name(RUNTIME_NAME)}.formats` },
  };
  const ajv = installVocabulary(new StandaloneAjv(options));
  if (set.forms) {
    // What rjsf's `createAjvInstance` adds to every form validator.
    ajv.addFormat('data-url', /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/);
    ajv.addFormat(
      'color',
      /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/,
    );
    ajv.addKeyword(RJSF_ADDITIONAL_PROPERTIES_FLAG);
  }
  return ajv;
}

/** A set compiled: the body of its module and the modules the body names (`import * as <name>`). */
export interface StandaloneParts {
  /** Module specifier and the name the body gives it, the runtime first. */
  imports: [string, string][];
  /** Statements that fill `__functions` and declare `roots`. */
  body: string;
}

/** A set compiled into the parts of its module (`standaloneValidators` joins them). */
export function standaloneParts(set: ValidatorSet): StandaloneParts {
  const ajv = compilerFor(set);
  const roots: Record<string, string> = {};
  for (const schema of set.schemas) {
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id !== 'string' || id in roots) throw new Error(`each schema needs its own $id (${String(id)})`);
    roots[id] = hashForSchema(schema as RJSFSchema);
    const parts = set.forms ? schemaParser(schema as RJSFSchema) : { [id]: schema };
    for (const [key, part] of Object.entries(parts)) if (!ajv.getSchema(key)) ajv.addSchema(part as object, key);
  }
  // ajv names its helpers with `require(…)`: each becomes an import, unwrapped as `./runtime` does.
  const helpers = new Map<string, string>();
  const code = standaloneCode(ajv)
    .replace(/^"use strict";/, '')
    .replace(/^exports(?=[.[])/gm, FUNCTIONS_NAME)
    .replace(/require\("([^"]+)"\)/g, (_match, module: string) => {
      if (!module.startsWith('ajv/dist/runtime/')) throw new Error(`unexpected module in compiled code: ${module}`);
      if (!helpers.has(module)) helpers.set(module, `__helper${helpers.size}`);
      return helpers.get(module) as string;
    });
  return {
    imports: [
      [RUNTIME, RUNTIME_NAME],
      ...[...helpers].map(([module, name]): [string, string] => [module, `${name}_module`]),
    ],
    body: [
      ...[...helpers.values()].map(
        (name) => `const ${name} = { default: ${RUNTIME_NAME}.defaultOf(${name}_module.default) };`,
      ),
      // Rule keywords are called with `self` (ajv, when it compiles at run time) as `this`; ours do not use it.
      'const self = undefined;',
      `const ${FUNCTIONS_NAME} = {};`,
      code,
      `const roots = ${JSON.stringify(roots)};`,
    ].join('\n'),
  };
}

/**
 * The ES module of a set: `functions` (every compiled function by `$id` or hash) and `roots` (each
 * root `$id` with the hash of the schema it was compiled from, so a changed schema is noticed).
 */
export function standaloneValidators(set: ValidatorSet): string {
  const { imports, body } = standaloneParts(set);
  return [
    '// Generated at build time from the schemas by src/portal/forms/validators/standalone.ts. Do not edit.',
    ...imports.map(([module, name]) => `import * as ${name} from ${JSON.stringify(module)};`),
    body,
    `export { ${FUNCTIONS_NAME} as functions, roots };`,
    '',
  ].join('\n');
}
