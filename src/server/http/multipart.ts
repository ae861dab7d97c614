import type { FastifyRequest } from 'fastify';
import type { EntitySchema, XFile } from '../../schema/types';
import { ApiError, fieldError, type FieldError } from '../kernel/api-error';
import { checkUpload, multipartRequestLimit } from '../files/upload-checks';
import { isStoredFileUrl, type PendingFile, type UploadStore } from '../files/uploads';

/**
 * `multipart/form-data` writes for entities with `x-file` properties: a `record` part holding the
 * JSON fields, plus one file part per file property. Files are checked (size, type by content,
 * image size by header; see `upload-checks.ts`) and held in memory; the assembled record then goes
 * through the same schema validation as JSON. The client's file name and type are never used: a
 * stored file is named by the server, after the type its content shows.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart write, saved only once the write is valid. */
    pendingFiles: PendingFile[] | null;
  }
  interface FastifyContextConfig {
    /** The route takes multipart bodies; every other route answers them with 415. */
    multipart?: boolean;
  }
}

export const RECORD_PART = 'record';
/** The most the `record` part may hold, in bytes. */
export const RECORD_LIMIT = 1_000_000;

const tooLarge = () => new ApiError(413, 'app.message.payload_too_large');

/** File properties of an entity and their rules. */
export function fileFields(entity: EntitySchema): Record<string, XFile> {
  return Object.fromEntries(
    Object.entries(entity.properties).flatMap(([name, property]) =>
      property['x-file'] ? [[name, property['x-file']]] : [],
    ),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A file field written as JSON may only keep a file this server stored (`/v1/files/…`): it is shown
 * as an image to other users, so it must not point anywhere a client chooses.
 */
export function checkFileReferences(entity: EntitySchema, record: Record<string, unknown>): void {
  for (const field of Object.keys(fileFields(entity))) {
    const value = record[field];
    if (typeof value === 'string' && !isStoredFileUrl(value)) throw fieldError(field, 'validation.pattern');
  }
}

/**
 * `preValidation` hook that turns a multipart body into the record to validate.
 *
 * @param attachFiles put the stored files' URLs into the record; off for encrypted resources, whose
 *   `record` part is the `{data}` envelope (the URLs join the record once it is decrypted)
 */
export function multipartReader(entity: EntitySchema, uploads: UploadStore, attachFiles = true) {
  const fields = fileFields(entity);
  const maxBytes = Math.max(0, ...Object.values(fields).map((spec) => spec.maxBytes));
  const requestLimit = multipartRequestLimit(fields, RECORD_LIMIT);

  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    // Refused before a byte is read when the request says it is larger than all it may carry.
    if (Number(request.headers['content-length']) > requestLimit) throw tooLarge();
    const errors: Record<string, FieldError> = {};
    let status: 400 | 413 = 400;
    const files: PendingFile[] = [];
    let recordText: string | undefined;
    // A request without a length (chunked) is counted as it arrives, and refused between parts.
    let received = 0;
    const count = (chunk: Buffer) => (received += chunk.length);
    request.raw.on('data', count);

    try {
      // The plugin is registered with `throwFileSizeLimit: false`: an oversized file is cut at the
      // limit (`truncated`) and reported on its field below, rather than failing the whole request.
      const parts = request.parts({
        limits: { fileSize: maxBytes, files: Object.keys(fields).length + 2, fields: 10, fieldSize: RECORD_LIMIT },
      });
      for await (const part of parts) {
        if (received > requestLimit) throw tooLarge();
        const spec = fields[part.fieldname];
        if (part.type === 'field') {
          if (part.fieldname === RECORD_PART && part.valueTruncated) {
            status = 413;
            errors[RECORD_PART] = { key: 'app.message.payload_too_large' };
          } else if (part.fieldname === RECORD_PART && recordText === undefined) recordText = String(part.value);
          else errors[part.fieldname] = { key: 'validation.additionalProperties' };
          continue;
        }
        if (!spec || files.some((file) => file.field === part.fieldname)) {
          part.file.resume();
          errors[part.fieldname] = { key: 'validation.additionalProperties' };
          continue;
        }
        const bytes = await part.toBuffer();
        // A file input left empty still sends an empty part: it means "no new file".
        if (bytes.length === 0) continue;
        const check = checkUpload(bytes, spec, part.file.truncated ? Infinity : bytes.length);
        if (!check.ok) {
          if (check.status === 413) status = 413;
          errors[part.fieldname] = { key: check.key, params: check.params };
          continue;
        }
        files.push({ field: part.fieldname, name: uploads.newName(check.ext), bytes });
      }
      if (received > requestLimit) throw tooLarge();
    } finally {
      request.raw.off('data', count);
    }

    const [first] = Object.values(errors);
    if (first) throw new ApiError(status, first.key, errors, first.params);
    let record: unknown = {};
    if (recordText !== undefined) {
      try {
        record = JSON.parse(recordText);
      } catch {
        throw fieldError(RECORD_PART, 'app.message.invalid_json');
      }
    }
    if (!isObject(record)) throw fieldError(RECORD_PART, 'validation.type');
    if (attachFiles) for (const file of files) record[file.field] = uploads.url(file.name);
    request.body = record;
    request.pendingFiles = files;
  };
}
