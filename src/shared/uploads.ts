import { imageSize } from './image-size';

/** Limits of an uploaded file, as `x-file` states them. */
export interface UploadLimits {
  maxBytes: number;
  maxWidth?: number;
  maxHeight?: number;
}

export interface UploadProblem {
  key: string;
  params: Record<string, string | number>;
}

/** "1 MB", "500 KB": a size limit as people read it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The catalogue message for a file bigger than its field allows, or null when it fits. */
export function sizeOverLimit(size: number, limits: UploadLimits): UploadProblem | null {
  return size > limits.maxBytes
    ? { key: 'validation.file_too_large', params: { limit: formatSize(limits.maxBytes) } }
    : null;
}

/**
 * The catalogue message for an image wider or taller than its field allows (or whose size cannot
 * be read from its header), or null when it fits or the field sets no dimensions.
 */
export function imageOverLimit(header: Uint8Array, limits: UploadLimits): UploadProblem | null {
  if (limits.maxWidth === undefined && limits.maxHeight === undefined) return null;
  const width = limits.maxWidth ?? Number.MAX_SAFE_INTEGER;
  const height = limits.maxHeight ?? Number.MAX_SAFE_INTEGER;
  const size = imageSize(header);
  if (size && size.width <= width && size.height <= height) return null;
  return { key: 'validation.image_dimensions', params: { width, height } };
}
