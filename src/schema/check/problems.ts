/**
 * A mistake in an entity schema, located as an editor finds it: the file and the JSON pointer of
 * the value at fault inside it.
 */
export interface SchemaProblem {
  /** The schema's file, `schemas/<$id>.json`. */
  file: string;
  /** JSON pointer of the value at fault (`/x-resource/permision`); empty for the whole schema. */
  pointer: string;
  message: string;
}

/** The file an entity schema lives in: `schemas/<$id>.json` (the registry imports them so). */
export const schemaFile = (id: string) => `schemas/${id}.json`;

/** One JSON pointer segment: `~` and `/` escaped (RFC 6901). */
export const pointerSegment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** `base` followed by each key as a segment. */
export const pointerTo = (base: string, ...keys: (string | number)[]) =>
  base + keys.map((key) => `/${pointerSegment(key)}`).join('');

export const describeProblem = ({ file, pointer, message }: SchemaProblem) => `${file}#${pointer}: ${message}`;

/** The schemas cannot be served: every problem found, one per line. */
export class SchemaError extends Error {
  constructor(readonly problems: readonly SchemaProblem[]) {
    super(
      `Entity schemas with ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} (the x- keywords are defined in schemas/meta/x-vocabulary.json):\n` +
        problems.map((problem) => `  ${describeProblem(problem)}`).join('\n'),
    );
    this.name = 'SchemaError';
  }
}
