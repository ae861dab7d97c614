import type { Language } from '../../shared/i18n';
import type { MerchantStatement } from '../../shared/merchant-statement';
import { t } from '../kernel/language';
import { BOM, csvRow } from './csv';
import { XLSX_TYPE, xlsxOf, type XlsxCell, type XlsxRow } from './xlsx';

/**
 * The merchant statement as a file (CSV or XLSX), in the caller's language: the merchant and the
 * period, then the columns' headings, the opening balance, every line with its running balance,
 * the totals of debits and credits, and the closing balance. Amounts in KWD with three decimals;
 * times in Kuwait time (UTC+3) as `YYYY-MM-DD HH:mm:ss`, which spreadsheets read as a date and time.
 */

export type StatementFormat = 'csv' | 'xlsx';

const KUWAIT_OFFSET_MS = 3 * 3_600_000;

/** An instant as the wall clock in Kuwait shows it. */
const kuwaitTime = (at: string) =>
  new Date(Date.parse(at) + KUWAIT_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

const COLUMNS = ['date', 'kind', 'document', 'transaction', 'invoice', 'description', 'debit', 'credit', 'balance'];

/** The statement's rows; amounts as `{ number }` so each format writes them as it should. */
export function statementRows(statement: MerchantStatement, language: Language): XlsxRow[] {
  const say = (key: string, params?: Record<string, unknown>) => t(language, `app.merchant_statement.${key}`, params);
  const money = (amount: string): XlsxCell => ({ number: amount });
  const merchantName = (language === 'ar' && statement.merchant.name_ar) || statement.merchant.name;
  const balanceRow = (label: string, balance: string): XlsxRow => ({
    cells: ['', label, '', '', '', '', null, null, money(balance)],
    bold: true,
  });
  return [
    { cells: [say('title')], bold: true },
    { cells: [say('merchant'), merchantName] },
    { cells: [say('period'), say('range', { from: statement.from, to: statement.to })] },
    { cells: [] },
    { cells: COLUMNS.map((column) => say(`columns.${column}`)), bold: true },
    balanceRow(say('opening'), statement.opening_balance),
    ...statement.lines.map((line): XlsxRow => ({
      cells: [
        kuwaitTime(line.at),
        say(`kinds.${line.kind}`),
        line.document?.number ?? '',
        line.transaction?.number ?? '',
        line.invoice_reference ?? '',
        line.informational ? `${line.description} (${say('informational')})` : line.description,
        money(line.debit),
        money(line.credit),
        money(line.balance),
      ],
    })),
    {
      cells: ['', say('total'), '', '', '', '', money(statement.money_out), money(statement.money_in), null],
      bold: true,
    },
    balanceRow(say('closing'), statement.closing_balance),
    { cells: [say(statement.reconciles ? 'reconciles' : 'not_reconciled')] },
  ];
}

/** The file of the statement in `format`: its bytes, content type and name. */
export function statementFile(
  statement: MerchantStatement,
  language: Language,
  format: StatementFormat,
): { bytes: Uint8Array | string; type: string; name: string } {
  const rows = statementRows(statement, language);
  const name = `merchant-statement-${statement.from}-${statement.to}.${format}`;
  if (format === 'xlsx') {
    return {
      bytes: xlsxOf({
        name: t(language, 'app.merchant_statement.title'),
        rows,
        rightToLeft: language === 'ar',
        widths: [20, 18, 18, 16, 18, 44, 14, 14, 14],
      }),
      type: XLSX_TYPE,
      name,
    };
  }
  const text = (cell: XlsxCell) => (cell === null ? '' : typeof cell === 'string' ? cell : cell.number);
  return {
    bytes: BOM + rows.map((row) => csvRow(row.cells.map(text))).join(''),
    type: 'text/csv; charset=utf-8',
    name,
  };
}
