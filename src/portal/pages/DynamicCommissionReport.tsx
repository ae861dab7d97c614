import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { addMonths } from '../../schema/calendar';
import { currentDay, dateRangeProblem, type DateRangeValue } from '../../schema/listDateRange';
import type { XDateRange } from '../../schema/types';
import {
  COMMISSION_REPORT_MAX_MONTHS,
  type CommissionFigures,
  type CommissionReport,
} from '../../shared/commission-report';
import { formatKwd } from '../../shared/money';
import { formatNumber } from '../resources/format';
import { fromDateRangeProblem, ReportRange } from './ReportRange';
import { useReport } from './useReport';
import { monthName } from './usage/monthName';

/** The rule the API holds the range to (`dateRangeProblem` is its own check), on the payments' dates. */
const RULE: XDateRange = { field: 'created_at', maxMonths: COMMISSION_REPORT_MAX_MONTHS };

/** The first range shown: from the first day of the month five months back, to today (six months). */
function defaultRange(today: string): DateRangeValue {
  return { from: `${addMonths(today, -(COMMISSION_REPORT_MAX_MONTHS - 1)).slice(0, 7)}-01`, to: today };
}

function FigureCells({ figures, language }: { figures: CommissionFigures; language: string }) {
  return (
    <>
      <TableCell align="right">{formatNumber(figures.count, language)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatKwd(figures.amount, language)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
        {formatKwd(figures.commission, language)}
      </TableCell>
    </>
  );
}

/**
 * Dynamic-commission report (`/report/dynamic-commission`): per month and payment method, the
 * successful payments, the amount they took and the commission charged on them, with the totals,
 * over a range of at most six months. A range the API would refuse is refused beside the dates,
 * in the API's own words, without asking it.
 */
export default function DynamicCommissionReport() {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const today = currentDay();
  const [draft, setDraft] = useState(() => defaultRange(today));
  const [range, setRange] = useState(draft);
  const problem = dateRangeProblem(RULE, draft, today);
  const { report, error, loading } = useReport<CommissionReport>('/report/dynamic-commission', {
    from: range.from,
    to: range.to,
  });
  const title = translate('app.dynamic_commission.title');

  const change = (next: DateRangeValue) => {
    setDraft(next);
    if (!dateRangeProblem(RULE, next, today)) setRange(next);
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <ReportRange
        type="date"
        value={draft}
        onChange={change}
        labels={{ from: 'app.dynamic_commission.from', to: 'app.dynamic_commission.to' }}
        problem={fromDateRangeProblem(problem)}
        width={200}
      />

      {error && <Alert severity="error">{error}</Alert>}
      {!report && loading && <Skeleton variant="rounded" height={240} />}
      {report && report.rows.length === 0 && <Alert severity="info">{translate('app.dynamic_commission.empty')}</Alert>}

      {report && report.rows.length > 0 && (
        <TableContainer component={Card} variant="outlined" sx={{ opacity: loading ? 0.5 : 1 }} aria-busy={loading}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.dynamic_commission.month')}</TableCell>
                <TableCell>{translate('app.dynamic_commission.payment_method')}</TableCell>
                <TableCell align="right">{translate('app.dynamic_commission.count')}</TableCell>
                <TableCell align="right">{translate('app.dynamic_commission.amount')}</TableCell>
                <TableCell align="right">{translate('app.dynamic_commission.commission')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.map((row) => (
                <TableRow key={`${row.month}-${row.payment_method}`} hover>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {monthName(row.month, language)}
                  </TableCell>
                  <TableCell>{translate(`resources.transaction.enums.payment_method.${row.payment_method}`)}</TableCell>
                  <FigureCells figures={row} language={language} />
                </TableRow>
              ))}
            </TableBody>
            <TableFooter
              sx={{ '& .MuiTableCell-footer': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}
            >
              <TableRow>
                <TableCell component="th" scope="row" colSpan={2}>
                  {translate('app.dynamic_commission.total')}
                </TableCell>
                <FigureCells figures={report.totals} language={language} />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
