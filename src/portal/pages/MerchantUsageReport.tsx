import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { currentDay } from '../../schema/listDateRange';
import {
  addToMonth,
  USAGE_REPORT_MAX_MONTHS,
  usageRangeProblem,
  type MerchantUsageReport as Report,
} from '../../shared/merchant-usage';
import { ReportRange } from './ReportRange';
import { useReport } from './useReport';
import { LimitBars } from './usage/LimitBars';
import { MessagesTable, PaymentsTable } from './usage/UsageTables';

interface MonthRange {
  from: string;
  to: string;
}

/** The first range shown: the last six months, this one included. */
function defaultRange(today: string): MonthRange {
  const to = today.slice(0, 7);
  return { from: addToMonth(to, -(USAGE_REPORT_MAX_MONTHS - 1)), to };
}

/**
 * Merchant usage (`/report/merchant-usage`): per month, the messages sent by channel and the
 * invoices created, the payments by method, and bars of how much of each payment service's limits
 * the months used, over at most six months. A range the API would refuse is refused beside the
 * months, in the API's own words, without asking it.
 */
export default function MerchantUsageReport() {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const [draft, setDraft] = useState(() => defaultRange(currentDay()));
  const [range, setRange] = useState(draft);
  const problem = usageRangeProblem(draft.from, draft.to);
  const { report, error, loading } = useReport<Report>('/report/merchant-usage', { from: range.from, to: range.to });
  const title = translate('app.merchant_usage.title');

  const change = (next: MonthRange) => {
    setDraft(next);
    if (!usageRangeProblem(next.from, next.to)) setRange(next);
  };

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <ReportRange
        type="month"
        value={draft}
        onChange={change}
        labels={{ from: 'app.merchant_usage.from', to: 'app.merchant_usage.to' }}
        problem={problem}
        width={180}
      />

      {error && <Alert severity="error">{error}</Alert>}
      {!report && loading && <Skeleton variant="rounded" height={240} />}
      {report && (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, opacity: loading ? 0.5 : 1 }} aria-busy={loading}>
          <MessagesTable months={report.months} language={language} />
          <PaymentsTable months={report.months} language={language} />
          <LimitBars limits={report.limits} months={report.months} language={language} />
        </Box>
      )}
    </Box>
  );
}
