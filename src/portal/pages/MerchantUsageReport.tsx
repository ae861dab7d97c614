import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { currentDay } from '../../schema/listDateRange';
import {
  addToMonth,
  USAGE_REPORT_MAX_MONTHS,
  usageRangeProblem,
  type MerchantUsageReport as Report,
} from '../../shared/merchant-usage';
import { http } from '../shell/providers';
import { ReportRange } from './ReportRange';
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

/** The report of `range`; the last answer stays shown while another loads. */
function useUsageReport(range: MonthRange) {
  const key = `${range.from}/${range.to}`;
  const [state, setState] = useState<{ key?: string; report?: Report; error?: string }>({});
  useEffect(() => {
    const controller = new AbortController();
    http
      .get<Report>('/report/merchant-usage', { from: range.from, to: range.to }, { signal: controller.signal })
      .then((report) => setState({ key, report }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [key, range.from, range.to]);
  return { report: state.report, error: state.key === key ? state.error : undefined, loading: state.key !== key };
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
  const { report, error, loading } = useUsageReport(range);
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
