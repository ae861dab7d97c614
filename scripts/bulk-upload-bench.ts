/**
 * How long 100,000 bulk invoices take: reading and checking the file (the code the portal's worker
 * runs, here in Node) for a CSV and an XLSX, and the API creating them on the embedded database
 * (PGlite), with their SMS queued and scheduled.
 *
 *   node --import tsx scripts/bulk-upload-bench.ts [rows]
 */
import { strToU8, zipSync } from 'fflate';
import { buildApp } from '../src/server/app';
import { createAjv } from '../src/schema/ajv';
import { getEntitySchema } from '../src/schema/registry';
import { writeSchema } from '../src/schema/variants';
import { checkSheet } from '../src/shared/spreadsheet/invoiceRows';
import { parseSpreadsheet } from '../src/shared/spreadsheet/sheet';

const ROWS = Number(process.argv[2] ?? 100_000);
const HEADER = ['customer_name', 'mobile', 'email', 'amount', 'description', 'expiry_date', 'invoice_number', 'title'];

function row(i: number): string[] {
  // One row in fifty is invalid (a short mobile), as in a real file with a few mistakes.
  const mobile = i % 50 === 7 ? '12345' : String(96550000000 + i);
  return [
    i % 2 ? `Customer ${i}` : `عميل رقم ${i}`,
    mobile,
    `customer${i}@example.com`,
    `${(i % 900) + 1}.${String(i % 1000).padStart(3, '0')}`,
    `Order ${i}, "monthly" service`,
    '2027-06-30',
    `N-${i}`,
    'Monthly service',
  ];
}

const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function csv(): Uint8Array {
  const lines = [HEADER.join(',')];
  for (let i = 0; i < ROWS; i++) lines.push(row(i).map(field).join(','));
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** An XLSX as spreadsheet programs write one: shared strings, numbers as numbers. */
function xlsx(): Uint8Array {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = (text: string) => {
    let at = index.get(text);
    if (at === undefined) {
      at = strings.length;
      strings.push(text);
      index.set(text, at);
    }
    return at;
  };
  const rows = [HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i))].map((cells, r) => {
    const xmlCells = cells.map((value, c) => {
      const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
      return r > 0 && (c === 1 || c === 3) && /^[0-9.]+$/.test(value)
        ? `<c r="${ref}"><v>${Number(value)}</v></c>`
        : `<c r="${ref}" t="s"><v>${shared(value)}</v></c>`;
    });
    return `<row r="${r + 1}">${xmlCells.join('')}</row>`;
  });
  return zipSync({
    'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': strToU8(`<sst>${strings.map((text) => `<si><t>${xml(text)}</t></si>`).join('')}</sst>`),
  });
}

const schema = writeSchema(getEntitySchema('invoice'), 'create');
const validate = createAjv().compile(schema);

function timeCheck(name: string, bytes: Uint8Array) {
  const started = performance.now();
  const sheet = parseSpreadsheet(name, bytes);
  const parsed = performance.now();
  const check = checkSheet(sheet, { schema, validate });
  const done = performance.now();
  console.log(
    `${name}: ${(bytes.length / 1e6).toFixed(1)} MB, parse ${Math.round(parsed - started)} ms, ` +
      `check ${Math.round(done - parsed)} ms, ${check.rows.length} valid, ${check.invalidRows} invalid`,
  );
  return check;
}

const check = timeCheck('invoices.csv', csv());
timeCheck('invoices.xlsx', xlsx());

// Messages are not delivered here: a transport that refuses stops each delivery run at once, so
// the timings are the API's alone (the outbox sends 20 at a time, three statements each, later).
const app = await buildApp({
  outboxIntervalMs: 0,
  transport: {
    deliver: async () => {
      throw new Error('not delivered in the benchmark');
    },
  },
});
try {
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { email: 'merchant@demo.test', password: 'Demo@1234' },
  });
  const headers = { authorization: `Bearer ${login.json().access_token}`, 'content-type': 'application/json' };
  for (const scheduled of [true, false]) {
    const body = JSON.stringify({
      file_name: 'bench.csv',
      invalid_rows: check.invalidRows,
      rows: check.rows,
      ...(scheduled ? { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() } : {}),
    });
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/v1/invoice-bulk-upload', headers, payload: body });
    const elapsed = performance.now() - started;
    const [{ sms }] = await app.bawaba.db.query<{ sms: number }>(
      `select count(*)::integer as sms from outbox where channel = 'sms' and status = 'pending'`,
    );
    console.log(
      `API ${scheduled ? 'scheduled' : 'now'}: ${response.statusCode}, ${check.rows.length} invoices, body ` +
        `${(body.length / 1e6).toFixed(1)} MB, ${Math.round(elapsed)} ms (${app.bawaba.db.driver}); SMS pending ${sms}`,
    );
  }
} finally {
  await app.close();
}
