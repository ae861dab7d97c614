import type { LightMyRequestResponse } from 'fastify';
import type { Operation, SchemaBook } from './openapi';

/**
 * What every answer must be: never a 5xx, never a stack trace or a server path; errors as the
 * document's `error` shape with a message in the request's language; successes matching the
 * response schema the document declares for their status.
 */

/**
 * How the API refuses a request it will not carry out. 429 included: the payer endpoints count
 * attempts per address and link with limits of their own, which `rateLimits` does not lift.
 */
export const REFUSALS = new Set([400, 401, 404, 409, 413, 415, 422, 423, 429]);

const ARABIC = /[\u0600-\u06ff]/;
const LATIN = /[A-Za-z]/;
/** Stack frames, source paths and raw driver messages. */
const LEAKS = [
  /\n\s+at /,
  /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/,
  /\/(?:work|home|usr|src|node_modules)\/[\w./-]+/,
  /\.[cm]?[jt]s:\d+/,
  /\b(?:TypeError|ReferenceError|SyntaxError|PostgresError|error: relation)\b/,
];

export type Language = 'en' | 'ar';

function schemaFor(op: Operation, status: number) {
  const response = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`];
  return response?.content;
}

/** Problems with an answer, empty when it is right. */
export function judge(
  book: SchemaBook,
  op: Operation,
  response: LightMyRequestResponse,
  language: Language,
  allowed: (status: number) => boolean,
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  else if (!allowed(status)) problems.push(`answered ${status}, expected otherwise`);
  const body = response.body;
  for (const leak of LEAKS) if (leak.test(body)) problems.push(`body leaks ${leak}: ${body.slice(0, 200)}`);
  const content = schemaFor(op, status);
  const type = String(response.headers['content-type'] ?? '');
  if (status >= 400) {
    let parsed: { message?: unknown } | undefined;
    try {
      parsed = JSON.parse(body) as { message?: unknown };
    } catch {
      problems.push(`error body is not JSON: ${body.slice(0, 120)}`);
    }
    const message = typeof parsed?.message === 'string' ? parsed.message : '';
    if (!message) problems.push('error without a message');
    else if (language === 'ar' && !ARABIC.test(message))
      problems.push(`English message for an Arabic request: ${message}`);
    else if (language === 'en' && (ARABIC.test(message) || !LATIN.test(message)))
      problems.push(`message not in English: ${message}`);
    const schema = content?.['application/json']?.schema;
    if (parsed && schema && !book.valid(schema, parsed))
      problems.push(`error body off its schema: ${body.slice(0, 200)}`);
    return problems;
  }
  if (!content || status >= 300) return problems;
  const json = content['application/json']?.schema;
  if (json) {
    if (!type.startsWith('application/json')) problems.push(`content-type ${type}, document says JSON`);
    else {
      const validate = book.validator(json, 'response');
      if (!validate(JSON.parse(body))) problems.push(`body off its schema: ${book.errorsText(validate.errors)}`);
    }
  } else {
    const declared = Object.keys(content);
    if (!declared.some((media) => type.startsWith(media)))
      problems.push(`content-type ${type}, document says ${declared.join(', ')}`);
  }
  return problems;
}
