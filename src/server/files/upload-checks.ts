import type { XFile } from '../../schema/types';
import type { FieldError } from '../kernel/api-error';
import { imageOverLimit, sizeOverLimit } from '../../shared/uploads';
import { markupOf, sniff } from './file-types';

/**
 * What an uploaded file must pass before it is stored, in the order that costs least: its size,
 * then its type read from its content, then — for images — its width and height read from the
 * header. Pixels are never decoded here, so a small file claiming a huge image costs nothing.
 */

/**
 * The largest side of any stored image, whatever its field allows: an image is shown to other
 * users, whose browsers do decode it, and a few bytes can claim billions of pixels.
 */
export const MAX_IMAGE_SIDE = 8000;

/** Room for a multipart request's boundaries and part headers, besides its files and record. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadRefusal extends FieldError {
  /** 413 for a file over its field's size, 400 for anything else. */
  status: 400 | 413;
}

export type UploadCheck = { ok: true; mime: string; ext: string } | ({ ok: false } & UploadRefusal);

const refused = (status: 400 | 413, key: string, params?: Record<string, unknown>): UploadCheck => ({
  ok: false,
  status,
  key,
  ...(params ? { params } : {}),
});

/**
 * Checks one uploaded file against its field's `x-file` rules.
 *
 * @param size the file's full size, which may exceed `bytes.length` when the upload was cut off
 *   at the field's limit
 */
export function checkUpload(bytes: Buffer, spec: XFile, size = bytes.length): UploadCheck {
  const tooBig = sizeOverLimit(size, spec);
  if (tooBig) return refused(413, tooBig.key, tooBig.params);
  const type = sniff(bytes);
  if (!type || !spec.accept.includes(type.mime)) {
    return refused(400, markupOf(bytes) === 'svg' ? 'validation.file_svg' : 'validation.file_type');
  }
  if (type.mime.startsWith('image/')) {
    const tooLarge = imageOverLimit(bytes, {
      maxBytes: spec.maxBytes,
      maxWidth: Math.min(spec.maxWidth ?? MAX_IMAGE_SIDE, MAX_IMAGE_SIDE),
      maxHeight: Math.min(spec.maxHeight ?? MAX_IMAGE_SIDE, MAX_IMAGE_SIDE),
    });
    if (tooLarge) return refused(400, tooLarge.key, tooLarge.params);
  }
  return { ok: true, ...type };
}

/**
 * The most a multipart write of these file fields may carry in all: every file at its limit, the
 * record part, and the multipart framing. Anything larger is refused before it is read.
 */
export function multipartRequestLimit(fields: Record<string, XFile>, recordLimit: number): number {
  return Object.values(fields).reduce((sum, spec) => sum + spec.maxBytes, recordLimit + MULTIPART_OVERHEAD);
}
