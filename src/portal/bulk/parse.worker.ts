// First: the XLS reader's library looks for `require` when it loads.
import './cfbExport';
import { functions } from 'virtual:validators/invoice-create';
import { getEntitySchema } from '../../schema/registry';
import { writeSchema } from '../../schema/variants';
import { SpreadsheetRefused } from '../../shared/spreadsheet/cells';
import { checkSheet } from '../../shared/spreadsheet/invoiceRows';
import { parseSpreadsheet } from '../../shared/spreadsheet/sheet';
import type { CheckAnswer, CheckRequest } from './protocol';

/**
 * Reads an uploaded file off the main thread: the first sheet of a CSV, XLS or XLSX file, each row
 * checked against the invoice's create schema with the product's ajv (the forms' and the API's
 * rules and messages). Answers the valid rows and each invalid field, or why the file is refused.
 */

/** The worker's global scope (the project compiles against the DOM library, not the worker's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CheckRequest>) => void) | null;
  postMessage(answer: CheckAnswer): void;
};

// The invoice's create schema, derived as the forms and the API derive it, compiled at build time.
const schema = writeSchema(getEntitySchema('invoice'), 'create');
const validate = functions[schema.$id];

scope.onmessage = (event) => {
  const { name, bytes, aliases } = event.data;
  const started = performance.now();
  let answer: CheckAnswer;
  try {
    const check = checkSheet(parseSpreadsheet(name, new Uint8Array(bytes)), { schema, validate, aliases });
    answer = { ok: true, check, ms: Math.round(performance.now() - started) };
  } catch (error) {
    answer =
      error instanceof SpreadsheetRefused
        ? { ok: false, key: error.key, params: error.params }
        : { ok: false, key: 'app.bulk.read_failed', params: {} };
  }
  scope.postMessage(answer);
};
