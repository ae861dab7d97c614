/**
 * Hostile strings and values: injections, control characters, prototype keys, malformed JSON,
 * wrong media types. Shared by every endpoint's invalid inputs.
 */

export const NUL = '\u0000';
/** Right-to-left override and friends, used to disguise text (and file names). */
export const BIDI = ['\u202e', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200f', '\u061c'];

export const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE invoices; --',
  "'); DELETE FROM merchants; --",
  '" OR ""="',
  '1 UNION SELECT password FROM merchants',
  "admin'--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\\u0000',
  '$where: 1',
  '{"$gt": ""}',
];

/** Keys that pollute prototypes when merged carelessly. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Bodies that are not JSON at all, or JSON no parser should accept. */
export const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a': 1}",
  '{"a": NaN}',
  '{"a": undefined}',
  '[1, 2',
  'nul',
  '{"a":1}}',
  '\u0000',
  '{"a": "\\x41"}',
  '{"a": "\\ud800"',
  '{"a" 1}',
  '<xml/>',
  'true false',
  '--',
];

/** Media types the API does not read, with a body of that type. */
export const WRONG_MEDIA: { type: string; body: string }[] = [
  { type: 'text/xml', body: '<a>1</a>' },
  { type: 'application/xml', body: '<?xml version="1.0"?><a/>' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { type: 'application/octet-stream', body: 'binary\u0001\u0002' },
  { type: 'image/png', body: '\u0089PNG' },
  { type: 'application/yaml', body: 'a: 1' },
  { type: 'text/csv', body: 'a,b\n1,2' },
  { type: 'application/javascript', body: 'alert(1)' },
];

/** Objects with polluting keys, as raw JSON text (a JS literal would set the prototype instead). */
export function pollutingJson(key: string, nested: boolean, base: Record<string, unknown>): string {
  const payload = key === '__proto__' ? '{"polluted":"yes"}' : '{"prototype":{"polluted":"yes"}}';
  const entry = `"${key}":${payload}`;
  const text = JSON.stringify(base);
  if (!nested) return text === '{}' ? `{${entry}}` : `{${entry},${text.slice(1)}`;
  return text === '{}' ? `{"nested":{${entry}}}` : `{"nested":{${entry}},${text.slice(1)}`;
}

/** A string of about one megabyte (over the body limit once in JSON). */
export const ONE_MB = 'x'.repeat(1024 * 1024);

/** Bearer tokens that are not ours: malformed, forged, expired-looking. */
export const BAD_TOKENS = [
  'x',
  'Bearer',
  'null',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjEsImV4cCI6MX0.c2lnbmF0dXJl',
  "' OR 1=1 --",
  'a'.repeat(5000),
  `abc${NUL}def`,
  '../../etc/passwd',
  '<script>',
];
