import type { DateRangeValue } from '../../../schema/listDateRange';
import { STATEMENT_MAX_PAGE, type MerchantStatement, type StatementLine } from '../../../shared/merchant-statement';
import { http } from '../../shell/providers';
import { useReport } from '../useReport';

/** The API's path of the statement (`/download` beside it for the files). */
export const STATEMENT_PATH = '/report/merchant-statement';

const rangeOf = (first: number, count: number) => JSON.stringify([first, first + count - 1]);

/** The statement of `range` with the lines of one page; the last answer stays shown while another loads. */
export function useStatement(range: DateRangeValue, page: number, perPage: number) {
  const { report, error, loading } = useReport<MerchantStatement>(STATEMENT_PATH, {
    from: range.from,
    to: range.to,
    range: rangeOf(page * perPage, perPage),
  });
  return { statement: report, error, loading };
}

/** Every line of the period, read page after page (for printing the whole statement). */
export async function wholeStatement(range: DateRangeValue): Promise<MerchantStatement> {
  const first = await http.get<MerchantStatement>(STATEMENT_PATH, {
    from: range.from,
    to: range.to,
    range: rangeOf(0, STATEMENT_MAX_PAGE),
  });
  const lines: StatementLine[] = [...first.lines];
  while (lines.length < first.total) {
    const next = await http.get<MerchantStatement>(STATEMENT_PATH, {
      from: range.from,
      to: range.to,
      range: rangeOf(lines.length, STATEMENT_MAX_PAGE),
    });
    if (next.lines.length === 0) break;
    lines.push(...next.lines);
  }
  return { ...first, lines, range: [0, lines.length - 1] };
}

/** Downloads the statement file of `range` in `format` (headings in the portal's language). */
export async function downloadStatement(range: DateRangeValue, format: 'csv' | 'xlsx'): Promise<Blob> {
  return http.download(`${STATEMENT_PATH}/download`, { from: range.from, to: range.to, format });
}
