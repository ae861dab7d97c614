import type { EntitySchema } from '../../schema/types';
import type { WriteOperation } from '../../schema/variants';
import { writableProperties } from '../../schema/variants';

/**
 * What a create or update sends, derived from the entity schema: only writable properties (never
 * `id` or another `readOnly` field), and the files of `x-file` properties apart, for multipart.
 */

export interface WritePayload {
  fields: Record<string, unknown>;
  files: Record<string, Blob>;
}

/** react-admin's FileInput/ImageInput value. */
interface RaFileValue {
  rawFile: Blob;
}

function isRaFileValue(value: unknown): value is RaFileValue {
  return typeof value === 'object' && value !== null && 'rawFile' in value && value.rawFile instanceof Blob;
}

/**
 * A `data:` URL (what rjsf's file widget produces, `data:image/png;name=a.png;base64,…`) as a File,
 * decoded by hand: fetching the URL would go through the network layer and its interceptors.
 */
export function dataUrlToFile(url: string, fallbackName: string): File {
  const comma = url.indexOf(',');
  const meta = url.slice('data:'.length, comma).split(';');
  const payload = url.slice(comma + 1);
  const type = meta[0] || 'application/octet-stream';
  const nameParam = meta.find((part) => part.startsWith('name='));
  const name = nameParam ? decodeURIComponent(nameParam.slice('name='.length)) : fallbackName;
  const bytes = meta.includes('base64')
    ? Uint8Array.from(atob(payload), (char) => char.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(payload));
  return new File([bytes], name, { type });
}

/** The file to upload when `value` is a new file; `undefined` when it is a stored URL or empty. */
export function fileOf(value: unknown, field: string): Blob | undefined {
  if (value instanceof Blob) return value;
  if (isRaFileValue(value)) return value.rawFile;
  if (typeof value === 'string' && value.startsWith('data:') && value.includes(',')) return dataUrlToFile(value, field);
  return undefined;
}

/** An unchanged file kept by react-admin's inputs as `{ src, title }` travels as its URL. */
function storedFileValue(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'src' in value && typeof value.src === 'string') return value.src;
  return value;
}

/** Splits a record into the writable JSON fields and the files to upload. */
export function writePayload(
  schema: EntitySchema,
  record: Record<string, unknown>,
  operation: WriteOperation,
): WritePayload {
  const payload: WritePayload = { fields: {}, files: {} };
  for (const [name, property] of Object.entries(writableProperties(schema))) {
    const value = record[name];
    if (value === undefined) continue;
    // On update an empty write-only field (a password left blank) means "keep the stored one".
    if (operation === 'update' && property.writeOnly && (value === '' || value === null)) continue;
    const file = property['x-file'] ? fileOf(value, name) : undefined;
    if (file) payload.files[name] = file;
    else payload.fields[name] = property['x-file'] ? storedFileValue(value) : value;
  }
  return payload;
}
