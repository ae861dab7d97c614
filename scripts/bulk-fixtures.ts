/**
 * Writes the bulk-upload test files in `tests/fixtures/bulk/`: a CSV (UTF-8 with a byte order
 * mark, CRLF, quoted fields), and the same invoices as XLSX and XLS written by LibreOffice (from a
 * flat OpenDocument sheet, then from that XLSX), so the parsers are tested on files a real spreadsheet program made
 * (shared strings, numbers, dates, formulas with cached results, booleans, a second sheet).
 *
 *   node --import tsx scripts/bulk-fixtures.ts     (needs `soffice`: apt-get install libreoffice-calc-nogui)
 *
 * The outputs are committed; run this again only to change them.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OUT = 'tests/fixtures/bulk';

type Value =
  | { text: string }
  | { number: number }
  | { date: string }
  | { boolean: boolean }
  | { formula: string; number: number }
  | { formula: string; text: string }
  | null;

const HEADER = [
  'customer_name',
  'Mobile',
  'amount',
  'expiry_date',
  'email',
  'description',
  'invoice_number',
  'title',
  'vip',
];

/** Rows 2, 3 and 5 are valid invoices; row 4 is empty; rows 6 and 7 are not valid. */
const ROWS: Value[][] = [
  [
    { text: 'Ahmed Al-Sabah' },
    { number: 96550000001 },
    { number: 12.5 },
    { date: '2026-12-31' },
    { text: 'ahmed@example.com' },
    { text: 'Catering, "VIP" order' },
    { text: 'A-1001' },
    { text: 'Catering' },
    { boolean: true },
  ],
  [
    { text: 'نورة الرشيدي' },
    { number: 96550000002 },
    { number: 7 },
    { date: '2027-01-15' },
    null,
    { text: 'وصف عربي' },
    null,
    { text: 'طلب ضيافة' },
    { boolean: false },
  ],
  [],
  [
    { formula: '="Fatima "&"Al-Mutairi"', text: 'Fatima Al-Mutairi' },
    { text: '96560000003' },
    { formula: '=2*5.25', number: 10.5 },
    { text: '2027-02-01' },
    { text: 'fatima@example.com' },
    { text: 'Line one\nLine two' },
    null,
    null,
    null,
  ],
  [{ text: 'Bad Mobile' }, { text: '123' }, { number: -5 }, null, null, null, null, null, null],
  [null, { number: 96550000005 }, { text: 'abc' }, null, { text: 'not-an-email' }, null, null, null, null],
];

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function paragraphs(text: string): string {
  return text
    .split('\n')
    .map((line) => `<text:p>${xml(line)}</text:p>`)
    .join('');
}

function odsCell(value: Value): string {
  if (value === null) return '<table:table-cell/>';
  if ('formula' in value) {
    const formula = `of:${value.formula}`;
    return 'text' in value
      ? `<table:table-cell table:formula="${xml(formula)}" office:value-type="string" office:string-value="${xml(value.text)}">${paragraphs(value.text)}</table:table-cell>`
      : `<table:table-cell table:formula="${xml(formula)}" office:value-type="float" office:value="${value.number}"><text:p>${value.number}</text:p></table:table-cell>`;
  }
  if ('text' in value)
    return `<table:table-cell office:value-type="string">${paragraphs(value.text)}</table:table-cell>`;
  if ('number' in value)
    return `<table:table-cell office:value-type="float" office:value="${value.number}"><text:p>${value.number}</text:p></table:table-cell>`;
  if ('date' in value)
    return `<table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="${value.date}"><text:p>${value.date}</text:p></table:table-cell>`;
  return `<table:table-cell office:value-type="boolean" office:boolean-value="${value.boolean}"><text:p>${value.boolean ? 'TRUE' : 'FALSE'}</text:p></table:table-cell>`;
}

/**
 * 300 invoices with long, mostly Arabic descriptions: their shared strings outgrow one BIFF record,
 * so the XLS file continues them in CONTINUE records, some strings split across two.
 */
const MANY: Value[][] = Array.from({ length: 300 }, (_, i) => [
  { text: `Customer ${i} عميل رقم ${i}` },
  { number: 96550000000 + i },
  { number: 1 + i * 1.25 },
  { date: `2027-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}` },
  { text: `customer${i}@example.com` },
  { text: `Order ${i}: ${'تفاصيل الطلب رقم '.repeat(3)}${i} — details ${'x'.repeat(i % 40)}` },
  { text: `N-${i}` },
  { text: `Title ${i}` },
  null,
]);

function flatOds(ROWS: Value[][]): string {
  const header = `<table:table-row>${HEADER.map((name) => odsCell({ text: name })).join('')}</table:table-row>`;
  const rows = ROWS.map((row) => `<table:table-row>${row.map(odsCell).join('')}</table:table-row>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
  xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
  xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"
  office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
  <number:date-style style:name="N37">
    <number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/>
  </number:date-style>
  <style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N37"/>
</office:automatic-styles>
<office:body><office:spreadsheet>
<table:table table:name="Invoices">
${header}
${rows}
</table:table>
<table:table table:name="Other"><table:table-row>${odsCell({ text: 'not this sheet' })}</table:table-row></table:table>
</office:spreadsheet></office:body>
</office:document>
`;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvValue(value: Value): string {
  if (value === null) return '';
  if ('text' in value) return csvField(value.text);
  if ('number' in value) return String(value.number);
  if ('date' in value) return value.date;
  return value.boolean ? 'TRUE' : 'FALSE';
}

/** The same invoices as CSV, as a spreadsheet program saves "CSV UTF-8": BOM, CRLF, quotes where needed. */
function csv(ROWS: Value[][]): string {
  const lines = [HEADER.join(','), ...ROWS.map((row) => row.map(csvValue).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * A fresh LibreOffice profile that recalculates formulas on load: otherwise the XLS export writes
 * no cached result for a formula giving text.
 */
function profile(home: string): void {
  const user = join(home, '.config/libreoffice/4/user');
  mkdirSync(user, { recursive: true });
  const recalc = (name: string) =>
    `<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="${name}" oor:op="fuse"><value>0</value></prop></item>`;
  writeFileSync(
    join(user, 'registrymodifications.xcu'),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${recalc('ODFRecalcMode')}
${recalc('OOXMLRecalcMode')}
</oor:items>
`,
  );
}

const work = mkdtempSync(join(tmpdir(), 'bulk-fixtures-'));
try {
  profile(work);
  for (const [name, rows] of [
    ['invoices', ROWS],
    ['many', MANY],
  ] as const) {
    writeFileSync(join(OUT, `${name}.csv`), csv(rows));
    const source = join(work, `${name}.fods`);
    writeFileSync(source, flatOds(rows));
    // XLS from the XLSX: LibreOffice writes a text formula's cached result only for a workbook it
    // recalculated on load, which its profile asks for OOXML files.
    for (const [from, format, filter] of [
      [source, 'xlsx', 'Calc MS Excel 2007 XML'],
      [join(work, `${name}.xlsx`), 'xls', 'MS Excel 97'],
    ]) {
      execFileSync('soffice', ['--headless', '--convert-to', `${format}:${filter}`, '--outdir', work, from], {
        stdio: 'inherit',
        env: { ...process.env, HOME: work },
      });
      copyFileSync(join(work, `${name}.${format}`), join(OUT, `${name}.${format}`));
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
