/**
 * Just enough XML for the parts of an XLSX file, without a DOM (the parsers run in a worker and in
 * Node): elements found by local name (any namespace prefix), attributes, text with entities and
 * OOXML's `_xHHHH_` escapes decoded. The parts are machine-written, so no general XML parser is needed.
 */

/** An element's optional namespace prefix (`x:` in `<x:c>`), as a regular expression source. */
const PREFIX = '(?:[A-Za-z_][\\w.-]*:)?';

/** Compiled patterns by name: a sheet asks for the same few elements and attributes 100,000 times. */
const elementPatterns = new Map<string, RegExp>();
const attributePatterns = new Map<string, RegExp>();

function elementPattern(name: string): RegExp {
  let pattern = elementPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`<${PREFIX}${name}(?=[\\s/>])([^>]*?)(?:/>|>([\\s\\S]*?)</${PREFIX}${name}>)`, 'g');
    elementPatterns.set(name, pattern);
  }
  return pattern;
}

/** Every `<name …>…</name>` or `<name …/>` in `xml`: its attribute text and its inner text. */
export function* elements(xml: string, name: string): Generator<{ attributes: string; inner: string }> {
  // matchAll works on a copy of the pattern, so the shared one keeps no position.
  for (const match of xml.matchAll(elementPattern(name))) yield { attributes: match[1], inner: match[2] ?? '' };
}

const firstPatterns = new Map<string, RegExp>();

/** The first such element, or undefined. */
export function firstElement(xml: string, name: string): { attributes: string; inner: string } | undefined {
  let pattern = firstPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(elementPattern(name).source);
    firstPatterns.set(name, pattern);
  }
  const match = pattern.exec(xml);
  return match ? { attributes: match[1], inner: match[2] ?? '' } : undefined;
}

/** An attribute's value by local name (`r:id` is found as `id` too), entities decoded. */
export function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${PREFIX}${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? decodeXml(match[1] ?? match[2]) : undefined;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character and entity references, then OOXML's `_xHHHH_` escapes (`_x000D_` is a carriage return). */
export function decodeXml(text: string): string {
  if (!text.includes('&') && !text.includes('_x')) return text;
  return text
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (match, ref: string) => {
      if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
      if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
      return ENTITIES[ref] ?? match;
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The text of a string item (`<si>` of the shared strings, `<is>` of an inline string): its `<t>`
 * elements in order, rich-text runs joined, phonetic guides (`<rPh>`) left out.
 */
export function stringItemText(inner: string): string {
  const withoutPhonetics = inner.includes('rPh')
    ? inner.replace(new RegExp(`<${PREFIX}rPh\\b[\\s\\S]*?</${PREFIX}rPh>`, 'g'), '')
    : inner;
  let text = '';
  for (const { inner: part } of elements(withoutPhonetics, 't')) text += decodeXml(part);
  return text;
}
