import { HttpError } from 'react-admin';
import type { EntityRecord } from '../../generated/entities';
import type { BulkRow } from '../../shared/spreadsheet/invoiceRows';
import { http } from '../shell/providers';
import type { ShownProblem } from './ProblemTable';

/** `POST /invoice-bulk-upload`: the valid rows of a checked file, created as invoices together. */

export interface UploadRequest {
  file_name: string;
  /** When the SMS go out; now when left out. */
  scheduled_at?: string;
  /** Rows of the file left out as invalid, for the upload's record. */
  invalid_rows: number;
  rows: BulkRow[];
}

/** Why the API refused an upload: its message, and each refused row's fields when it checked rows. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly problems: ShownProblem[],
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

interface RowErrorsBody {
  rows?: { row: number; field: string; message: string }[];
}

export async function createUpload(request: UploadRequest): Promise<EntityRecord<'bulk_upload'>> {
  try {
    return await http.post<EntityRecord<'bulk_upload'>>('/invoice-bulk-upload', request);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const rows = (error.body as RowErrorsBody | null)?.rows ?? [];
    throw new UploadRefused(error.message, rows);
  }
}
