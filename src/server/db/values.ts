/**
 * Value normalisation shared by both drivers, keyed by PostgreSQL type OID. Money (`numeric`) and
 * calendar dates stay strings so no binary float or time zone ever touches them; timestamps become
 * ISO strings; 64-bit integers (counts) become numbers.
 */

export const OID = {
  int8: 20,
  json: 114,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  jsonb: 3802,
} as const;

const TIMESTAMP = /^(\d{4,}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(\.\d+)?(?:([+-]\d\d)(?::?(\d\d))?(?::?(\d\d))?|Z)?$/;

/** PostgreSQL's text form of a timestamp ("2026-01-05 10:00:00.123456+03") as an ISO string in UTC. */
export function toIsoTimestamp(text: string): string {
  const match = TIMESTAMP.exec(text);
  if (!match) return text;
  const [, day, time, fraction = '', hours, minutes = '00'] = match;
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '.000';
  const offset = hours ? `${hours}:${minutes}` : 'Z';
  const date = new Date(`${day}T${time}${millis}${offset}`);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

const keep = (text: string) => text;

/** Parsers both drivers install, by type OID. */
export const parsers: Record<number, (text: string) => unknown> = {
  [OID.int8]: Number,
  [OID.numeric]: keep,
  [OID.date]: keep,
  [OID.timestamp]: toIsoTimestamp,
  [OID.timestamptz]: toIsoTimestamp,
  [OID.json]: (text) => JSON.parse(text),
  [OID.jsonb]: (text) => JSON.parse(text),
};

/**
 * Parameters as the drivers should send them. Statements cast every parameter explicitly
 * (`$1::text::jsonb`, `$2::numeric`), so values travel as text, numbers or booleans only.
 */
export function prepareParams(params: readonly unknown[] = []): unknown[] {
  return params.map((value) => {
    if (value === undefined || value === null) return null;
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'object') return JSON.stringify(value);
    return value;
  });
}
