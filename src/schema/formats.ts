/**
 * The string formats an entity schema may use: every layer knows these — ajv checks them (ours in
 * `keywords.ts`, the standard ones from ajv-formats), the storage picks their column type, the
 * portal its widget. A schema naming another format fails the registry check (`checkRegistry`).
 */

/** Formats the product defines (`formats` in `keywords.ts`). */
export const PRODUCT_FORMATS = ['kwd', 'mobile', 'strong-password', 'email-list', 'webhook-url'] as const;

/** Standard formats (ajv-formats) the schemas use. */
export const STANDARD_FORMATS = ['email', 'uri', 'date', 'date-time', 'ipv4'] as const;

export const KNOWN_FORMATS = [...PRODUCT_FORMATS, ...STANDARD_FORMATS] as const;

export type ProductFormat = (typeof PRODUCT_FORMATS)[number];
export type KnownFormat = (typeof KNOWN_FORMATS)[number];

const known: ReadonlySet<string> = new Set(KNOWN_FORMATS);

/**
 * The property's format as one of the known ones, for the tables by which each layer handles
 * formats (`Record<KnownFormat, …>`, so a format added here and missing from a table fails the type
 * check). Undefined without a format, or with one no schema of the registry may use.
 */
export function formatOf(property: { format?: string }): KnownFormat | undefined {
  const { format } = property;
  return format !== undefined && known.has(format) ? (format as KnownFormat) : undefined;
}
