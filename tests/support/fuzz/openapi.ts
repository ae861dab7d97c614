import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { installVocabulary } from '../../../src/schema/keywords';

/**
 * The API document as the fuzzer reads it: every operation (path × method) with its parameters,
 * request body schema and response schemas, and one ajv holding the document's components so
 * request and response schemas can be checked exactly as declared.
 */

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | Schema;
};

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface MediaType {
  schema?: Schema;
}

export interface Operation {
  /** `GET /v1/invoice/{id}`. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  description: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
  /** The entity record an encrypted body (`{data}`) holds, named by the description. */
  encryptedBody?: string;
  /** The `x-` keywords the body's schema uses (its rules beyond plain JSON Schema). */
  bodyKeywords: Set<string>;
  /** Public (no bearer token), as the document's empty `security` says. */
  public: boolean;
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

export interface ApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Schema> };
  security?: unknown[];
}

const COMPONENTS = '#/components/schemas/';
/** Rules that hold when a value is written, relative to that day: a record read later may be past them. */
const WRITE_TIME_RULES = ['x-future', 'x-minMonthsAhead'];
const DOCUMENT_ID = 'openapi';

/** Every operation of the document, in its order. */
export function operationsOf(document: ApiDocument): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      const requestBody = raw.requestBody as { content?: Record<string, MediaType> } | undefined;
      const description = String(raw.description ?? '');
      const body = requestBody?.content?.['application/json']?.schema;
      const encryptedBody = /`([\w.-]+)` record encrypted/.exec(description)?.[1];
      result.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        description,
        parameters: (raw.parameters as Parameter[] | undefined) ?? [],
        body,
        encryptedBody,
        bodyKeywords: keywordsOf(
          document,
          body ?? (encryptedBody ? { $ref: `${COMPONENTS}${encryptedBody}` } : undefined),
        ),
        public: Array.isArray(raw.security) && raw.security.length === 0,
        responses: (raw.responses as Operation['responses'] | undefined) ?? {},
      });
    }
  }
  return result;
}

/** The `x-` keywords a schema uses, its `$ref`s followed. */
function keywordsOf(document: ApiDocument, schema: Schema | undefined): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS))
        walk(document.components.schemas[value.slice(COMPONENTS.length)]);
      else walk(value);
    }
  };
  walk(schema);
  return found;
}

/** Reads schemas of one document: resolves `$ref`s and compiles validators over its components. */
export class SchemaBook {
  private readonly ajv: Ajv;
  private readonly responseAjv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: ApiDocument) {
    // Not strict: the document's schemas carry OpenAPI annotations ajv does not know.
    this.ajv = installVocabulary(new Ajv({ allErrors: true, $data: true, strict: false, discriminator: false }));
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
    this.responseAjv = new Ajv({ allErrors: true, $data: true, strict: false, discriminator: false });
    installVocabulary(this.responseAjv);
    for (const keyword of WRITE_TIME_RULES) {
      this.responseAjv.removeKeyword(keyword);
      this.responseAjv.addKeyword({ keyword });
    }
    this.responseAjv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  }

  /** The schema a `$ref` (or a schema holding only one) stands for. */
  resolve(schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; current.$ref && depth < 10; depth++) {
      if (!current.$ref.startsWith(COMPONENTS)) throw new Error(`Unsupported $ref ${current.$ref}`);
      const found = this.document.components.schemas[current.$ref.slice(COMPONENTS.length)];
      if (!found) throw new Error(`Unknown $ref ${current.$ref}`);
      current = found;
    }
    return current;
  }

  component(name: string): Schema | undefined {
    return this.document.components.schemas[name];
  }

  /**
   * A validator of `schema` (components resolved against the document). For a response, rules
   * that hold only at the time of writing (`x-future`: a scheduled time is in the future when
   * set) are not checked: a record read later may rightly be past it.
   */
  validator(schema: Schema, use: 'request' | 'response' = 'request'): ValidateFunction {
    const key = `${use} ${JSON.stringify(schema)}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const ajv = use === 'response' ? this.responseAjv : this.ajv;
      validate = ajv.compile({ $id: `${DOCUMENT_ID}-part-${this.compiled.size}`, ...rebase(schema) });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  errorsText(errors: ErrorObject[] | null | undefined): string {
    return this.ajv.errorsText(errors?.slice(0, 3));
  }

  valid(schema: Schema, value: unknown): boolean {
    return this.validator(schema)(value) as boolean;
  }
}

/** `#/components/…` refs point into the document registered as DOCUMENT_ID. */
function rebase(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replaceAll(`"${COMPONENTS}`, `"${DOCUMENT_ID}${COMPONENTS}`)) as Schema;
}
