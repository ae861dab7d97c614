import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { currentDay, dateRangeProblem, type DateRangeValue } from '../../../schema/listDateRange';
import type { XDateRange } from '../../../schema/types';
import { STATEMENT_MAX_MONTHS, type MerchantStatement as Statement } from '../../../shared/merchant-statement';
import { saveFile } from '../../resources/saveFile';
import { fromDateRangeProblem, ReportRange } from '../ReportRange';
import { StatementLines } from './StatementLines';
import { SCREEN_ONLY, StatementPrint } from './StatementPrint';
import { StatementSummary } from './StatementSummary';
import { downloadStatement, useStatement, wholeStatement } from './statementApi';
import { rowRange } from '../../resources/list/rowRange';

/** The rule the API holds the range to (`dateRangeProblem` is its own check). */
const RULE: XDateRange = { field: 'at', maxMonths: STATEMENT_MAX_MONTHS };
const PAGE_SIZES = [25, 50, 100];

/** This month so far. */
const thisMonth = (today: string): DateRangeValue => ({ from: `${today.slice(0, 7)}-01`, to: today });

/**
 * Merchant statement (`/report/merchant-statement`, SPEC §1): over a range of Kuwait days, the
 * opening balance, money in and out, the closing balance and whether it reconciles with the
 * ledger, then every line with its running balance, linked to its record, page by page. The
 * statement downloads as CSV or Excel in the portal's language, and prints whole.
 */
export default function MerchantStatement() {
  const translate = useTranslate();
  const say = (key: string, params?: Record<string, unknown>) => translate(`app.merchant_statement.${key}`, params);
  const today = currentDay();
  const [draft, setDraft] = useState(() => thisMonth(today));
  const [range, setRange] = useState(draft);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const [printed, setPrinted] = useState<Statement>();
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const problem = dateRangeProblem(RULE, draft, today);
  const { statement, error, loading } = useStatement(range, page, perPage);
  const title = say('title');

  // Printing waits for the whole statement to be laid out.
  useEffect(() => {
    if (printed) window.print();
  }, [printed]);

  const change = (next: DateRangeValue) => {
    setDraft(next);
    if (!dateRangeProblem(RULE, next, today)) {
      setRange(next);
      setPage(0);
    }
  };
  const act = (name: string, work: () => Promise<void>) => async () => {
    setBusy(name);
    setFailure(undefined);
    try {
      await work();
    } catch (reason) {
      setFailure(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setBusy(undefined);
    }
  };
  const download = (format: 'csv' | 'xlsx') =>
    act(format, async () =>
      saveFile(await downloadStatement(range, format), `merchant-statement-${range.from}-${range.to}.${format}`),
    );
  const print = act('print', async () => setPrinted(await wholeStatement(range)));

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box className={SCREEN_ONLY} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Box>
          <Typography component="h1" variant="h5">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {say('explain')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
          <ReportRange
            type="date"
            value={draft}
            onChange={change}
            labels={{ from: 'app.merchant_statement.from', to: 'app.merchant_statement.to' }}
            problem={fromDateRangeProblem(problem)}
            width={{ xs: 'calc(50% - 6px)', sm: 200 }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginInlineStart: { md: 'auto' } }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download('csv')} disabled={!!busy}>
              {say('download_csv')}
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download('xlsx')} disabled={!!busy}>
              {say('download_xlsx')}
            </Button>
            <Button variant="contained" startIcon={<PrintIcon />} onClick={print} disabled={!!busy}>
              {say('print')}
            </Button>
          </Box>
        </Box>

        {(error || failure) && <Alert severity="error">{error ?? failure}</Alert>}
        {!statement && loading && <Skeleton variant="rounded" height={240} />}
        {statement && <StatementSummary statement={statement} />}
        {statement && statement.total === 0 && <Alert severity="info">{say('empty')}</Alert>}
        {statement && statement.total > 0 && (
          <Card variant="outlined" sx={{ opacity: loading ? 0.5 : 1, minWidth: 0 }} aria-busy={loading}>
            <TableContainer>
              <StatementLines lines={statement.lines} label={title} />
            </TableContainer>
            <TablePagination
              component="div"
              count={statement.total}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPerPage(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) => rowRange(translate, from, to, count)}
            />
          </Card>
        )}
      </Box>
      <StatementPrint statement={printed} />
    </Box>
  );
}
