import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mimeOfExtension } from './file-types';

/**
 * Uploaded files on disk, under names the server chooses (random, with the extension of the
 * sniffed type), served back at `/v1/files/<name>`.
 */

export interface PendingFile {
  /** Property of the record the file belongs to. */
  field: string;
  name: string;
  bytes: Buffer;
}

const NAME = /^[A-Za-z0-9_-]{16,64}\.([a-z0-9]{2,5})$/;
export const FILES_PATH = '/v1/files/';

/** True for the URL of a file this server stored (the only value a file field may hold). */
export const isStoredFileUrl = (value: string) =>
  value.startsWith(FILES_PATH) && NAME.test(value.slice(FILES_PATH.length));

export class UploadStore {
  constructor(
    readonly dir: string,
    /** A folder made for this process only (in-memory database): removed on close. */
    private readonly temporary = false,
  ) {}

  static async open(dir: string, temporary = false): Promise<UploadStore> {
    await mkdir(dir, { recursive: true });
    return new UploadStore(dir, temporary);
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.dir, { recursive: true, force: true });
  }

  newName(ext: string): string {
    return `${randomBytes(18).toString('base64url')}.${ext}`;
  }

  url(name: string): string {
    return `${FILES_PATH}${name}`;
  }

  async save(files: PendingFile[]): Promise<void> {
    for (const file of files) await writeFile(join(this.dir, file.name), file.bytes, { flag: 'wx' });
  }

  async discard(files: PendingFile[]): Promise<void> {
    await Promise.all(files.map((file) => rm(join(this.dir, file.name), { force: true })));
  }

  /** A stored file and its type, or null for unknown or malformed names. */
  async read(name: string): Promise<{ bytes: Buffer; mime: string } | null> {
    const match = NAME.exec(name);
    const mime = match ? mimeOfExtension(match[1]) : undefined;
    if (!mime) return null;
    try {
      return { bytes: await readFile(join(this.dir, name)), mime };
    } catch {
      return null;
    }
  }
}

/**
 * Runs a write with the request's uploaded files saved first, and removes them again when the
 * write fails, so a rejected request leaves no file behind.
 */
export async function withUploads<T>(
  uploads: UploadStore,
  files: PendingFile[] | null,
  write: () => Promise<T>,
): Promise<T> {
  if (!files?.length) return write();
  await uploads.save(files);
  try {
    return await write();
  } catch (error) {
    await uploads.discard(files);
    throw error;
  }
}
