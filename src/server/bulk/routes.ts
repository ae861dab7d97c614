import type { FastifyInstance } from 'fastify';
import type { EntityCreate, EntityServerValues } from '../../generated/entities';
import { BULK_KIND, bulkColumns, MAX_BULK_ROWS, problemsOf } from '../../shared/spreadsheet/invoiceRows';
import { fromFils, toFils } from '../../shared/money';
import type { EntitySchema, PropertySchema } from '../../schema/types';
import { writeSchema } from '../../schema/variants';
import { callerOf } from '../auth/caller';
import { operationGuard } from '../http/guard';
import type { ServerContext } from '../context';
import type { Row } from '../db/database';
import { languageOf, t } from '../kernel/language';
import { errorResponses } from '../http/shared-schemas';
import { ValidationFailed } from '../kernel/validation';
import { collectionPath } from '../routes/paths';
import { actorOf } from '../history/change-history';
import { displayFileName } from '../files/file-names';
import { queueBulkSms } from './bulk-sms';
import { checkBatchable, insertBatch, newRecord } from './invoice-batch';

/**
 * `POST /v1/invoice-bulk-upload`: the invoices of an uploaded file, which the portal has read and
 * checked, created together. Every row is checked again against the invoice's create schema; one
 * invalid row refuses the whole upload (400 with each row's field messages) and writes nothing.
 * Otherwise one transaction writes the upload, its invoices (kind `bulk`) and their SMS, or marks
 * the SMS `scheduled` for the scheduler to send at `scheduled_at`.
 */

/** A file of 100,000 rows is about 20 MB as JSON; this route alone takes bodies this large. */
export const BULK_BODY_LIMIT = 40 * 1024 * 1024;

/** At most this many row messages are returned; `invalid_rows` still counts them all. */
const MAX_REPORTED = 1_000;

interface BulkBody {
  file_name: string;
  scheduled_at?: string;
  invalid_rows?: number;
  rows: { row: number; values: Row }[];
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

function bodySchema(invoice: EntitySchema) {
  // The upload's send time follows the invoice's own `scheduled_at` rules (a date-time to come).
  const { 'x-when': _when, ...scheduledAt } = invoice.properties.scheduled_at ?? {
    type: 'string',
    format: 'date-time',
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['file_name', 'rows'],
    properties: {
      file_name: { type: 'string', minLength: 1, maxLength: 255 },
      scheduled_at: scheduledAt as PropertySchema,
      invalid_rows: { type: 'integer', minimum: 0, maximum: MAX_BULK_ROWS },
      rows: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_BULK_ROWS,
        'x-messages': { minItems: 'app.bulk.no_valid_rows', maxItems: 'app.bulk.too_many_rows' },
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['row', 'values'],
          properties: {
            row: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
            values: { type: 'object' },
          },
        },
      },
    },
  } as const;
}

const rowErrorsSchema = {
  type: 'object',
  description: 'Rows refused: each invalid field of each row, in the language of the `locale` header.',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    invalid_rows: { type: 'integer' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: { row: { type: 'integer' }, field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/** Registers the create of bulk uploads (the entity's list and show are the generic routes). */
export function bulkUploadRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const upload = ctx.entities.find((entity) => entity.$id === 'bulk_upload');
  const invoice = ctx.entities.find((entity) => entity.$id === 'invoice');
  const uploads = ctx.stores.get('bulk_upload');
  if (!upload || !invoice || !uploads) return;
  const createSchema = writeSchema(invoice, 'create', (name) => ctx.entities.find((entity) => entity.$id === name));
  const fields = bulkColumns(createSchema);
  checkBatchable(invoice, fields);
  const linked = 'bulk_upload_id' in invoice.properties;

  /** The invoice of one row of the file's columns, or the row's messages when it is none. */
  const checkRow = (
    row: number,
    values: Row,
    language: 'en' | 'ar',
  ): { invoice: EntityCreate<'invoice'> } | { errors: RowError[] } => {
    const errors: RowError[] = Object.keys(values)
      .filter((name) => !fields.includes(name))
      .map((field) => ({ row, field, message: t(language, 'validation.additionalProperties') }));
    const candidate: unknown = { ...values, kind: BULK_KIND };
    try {
      ctx.validator.checkCreate('invoice', candidate);
      if (errors.length === 0) return { invoice: candidate };
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      for (const { field, key, params } of problemsOf(error.schema as EntitySchema, error.errors)) {
        if (field || errors.length === 0) errors.push({ row, field, message: t(language, key, params) });
      }
    }
    return { errors };
  };

  app.post(
    collectionPath(upload),
    {
      onRequest: operationGuard(upload, 'create'),
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags: [upload.$id],
        summary: 'Create the invoices of an uploaded file',
        description:
          'Each row is an invoice of kind `bulk` (fields: ' +
          fields.map((name) => `\`${name}\``).join(', ') +
          '). One invalid row refuses the whole upload: 400 with `rows` (row, field, message). With `scheduled_at` the SMS wait until then.',
        body: bodySchema(invoice),
        response: { 201: { $ref: `${upload.$id}.record#` }, 400: rowErrorsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const merchantId = caller.merchant.id;
      const language = languageOf(request);
      const body = request.body as BulkBody;

      const problems: RowError[] = [];
      const valid: EntityCreate<'invoice'>[] = [];
      let total = 0n;
      for (const { row, values } of body.rows) {
        const checked = checkRow(row, values, language);
        if ('invoice' in checked) {
          valid.push(checked.invoice);
          total += toFils(checked.invoice.amount) ?? 0n;
        } else if (problems.length < MAX_REPORTED)
          problems.push(...checked.errors.slice(0, MAX_REPORTED - problems.length));
      }
      const refused = body.rows.length - valid.length;
      if (refused > 0) {
        return reply.status(400).send({
          message: t(language, 'app.bulk.rows_invalid', { smart_count: refused }),
          invalid_rows: refused,
          rows: problems,
        });
      }

      const scheduled = body.scheduled_at !== undefined;
      const created = await ctx.db.transaction(async (tx) => {
        const record = await uploads.create(
          tx,
          merchantId,
          {},
          {
            // Shown to users in lists: the user's file name, made safe to show.
            file_name: displayFileName(body.file_name),
            total_rows: body.rows.length + (body.invalid_rows ?? 0),
            valid_rows: body.rows.length,
            invalid_rows: body.invalid_rows ?? 0,
            total_amount: fromFils(total),
            status: scheduled ? 'scheduled' : 'completed',
            ...(scheduled ? { scheduled_at: body.scheduled_at } : {}),
          },
          actorOf(caller),
        );
        const now = new Date().toISOString();
        const invoices = valid.map((values) => {
          // `bulk_upload_id`: a property the invoice schema may have, linking the invoice to its upload.
          const system: EntityServerValues<'invoice'> & { bulk_upload_id?: number } = {
            sms_status: scheduled ? 'scheduled' : 'pending',
          };
          if (linked) system.bulk_upload_id = record.id;
          const invoiceRecord = newRecord<'invoice'>(invoice, values, system, now);
          // Without a link to its upload, an invoice waits for its own send time (see the scheduler).
          if (scheduled && !linked) invoiceRecord.scheduled_at = body.scheduled_at;
          return invoiceRecord;
        });
        const ids = await insertBatch(tx, invoice, merchantId, invoices, ctx.publicUrl);
        if (!scheduled) {
          const sent = invoices.map((values, i) => ({ ...values, id: ids[i] }));
          await queueBulkSms(tx, ctx, merchantId, sent, language);
        }
        return record;
      });
      ctx.outbox.kick();
      return reply.status(201).send(created);
    },
  );
}
