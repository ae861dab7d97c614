import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { PeriodTotal } from '../../../shared/dashboard';
import { formatKwd, toFils } from '../../../shared/money';
import { intlLocale } from '../../resources/format';
import { dateTimeFormat } from '../../../shared/intlFormats';

/**
 * Successful payments per day of the last week or per month of the last six, as plain bars (no
 * chart library): each bar is a list item whose accessible name reads its period, amount and count.
 * The row of bars follows the text direction, so in Arabic the latest period is on the left.
 */

type Series = 'daily' | 'monthly';

const BAR_AREA = 160;

/**
 * The name of a period on the axis, in one or two short lines (weekday over day of the month, so
 * seven columns fit a phone), and its full name for assistive technology.
 */
function periodNames(total: PeriodTotal, series: Series, language: string): { lines: string[]; full: string } {
  const locale = intlLocale(language);
  const date = new Date(`${total.from}T00:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  return series === 'daily'
    ? { lines: [format({ weekday: 'short' }), format({ day: 'numeric' })], full: format({ dateStyle: 'full' }) }
    : { lines: [format({ month: 'short' })], full: format({ month: 'long', year: 'numeric' }) };
}

/** Height of a bar as a share of the tallest, at least a sliver when there was any payment. */
function shareOf(total: PeriodTotal, max: bigint): number {
  const fils = toFils(total.amount) ?? 0n;
  if (fils === 0n || max === 0n) return 0;
  return Math.max(0.02, Number((fils * 1000n) / max) / 1000);
}

function Bars({ totals, series }: { totals: PeriodTotal[]; series: Series }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const max = totals.reduce((top, total) => {
    const fils = toFils(total.amount) ?? 0n;
    return fils > top ? fils : top;
  }, 0n);
  return (
    <Box
      component="ol"
      sx={{ display: 'flex', alignItems: 'flex-end', gap: { xs: 0.5, sm: 1.5 }, m: 0, p: 0, listStyle: 'none' }}
    >
      {totals.map((total) => {
        const { lines, full } = periodNames(total, series, language);
        const amount = formatKwd(total.amount, language);
        const count = translate('app.dashboard.successful_count', { smart_count: total.count });
        return (
          <Box
            component="li"
            key={total.from}
            aria-label={`${full}: ${amount}, ${count}`}
            sx={{ flex: '1 1 0', minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
          >
            <Box
              sx={{
                height: BAR_AREA,
                width: '100%',
                display: 'flex',
                alignItems: 'flex-end',
                justifyContent: 'center',
              }}
            >
              {/* The list item already names the bar; the tooltip must not label a role-less box. */}
              <Tooltip title={`${amount} · ${count}`} describeChild arrow>
                <Box
                  data-testid="dashboard-bar"
                  // One value per bar: inline, rather than a generated class for each height.
                  style={{ height: `${shareOf(total, max) * 100}%` }}
                  sx={{
                    width: '100%',
                    maxWidth: 48,
                    bgcolor: 'primary.main',
                    borderRadius: '4px 4px 0 0',
                    transition: 'height 200ms ease-out',
                  }}
                />
              </Tooltip>
            </Box>
            {lines.map((line) => (
              <Typography
                key={line}
                aria-hidden
                variant="caption"
                color="text.secondary"
                noWrap
                sx={{ maxWidth: '100%', lineHeight: 1.3, fontSize: { xs: '0.68rem', sm: '0.75rem' } }}
              >
                {line}
              </Typography>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

/** The chart card, with a switch between the last 7 days and the last 6 months. */
export function PaymentsChart({ daily, monthly }: { daily?: PeriodTotal[]; monthly?: PeriodTotal[] }) {
  const translate = useTranslate();
  const [series, setSeries] = useState<Series>('daily');
  const titleId = useId();
  const totals = series === 'daily' ? daily : monthly;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 2,
          }}
        >
          <Typography id={titleId} component="h2" variant="h6">
            {translate('app.dashboard.chart_title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={series}
            onChange={(_, value: Series | null) => value && setSeries(value)}
            aria-label={translate('app.dashboard.chart_title')}
          >
            <ToggleButton value="daily">{translate('app.dashboard.last_7_days')}</ToggleButton>
            <ToggleButton value="monthly">{translate('app.dashboard.last_6_months')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.dashboard.chart_summary')}
        </Typography>
        {totals ? <Bars totals={totals} series={series} /> : <Skeleton variant="rectangular" height={BAR_AREA + 24} />}
      </CardContent>
    </Card>
  );
}
