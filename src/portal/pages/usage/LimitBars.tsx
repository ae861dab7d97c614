import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { LimitShares, ServiceLimits, UsageMonth } from '../../../shared/merchant-usage';
import { formatKwd, toFils } from '../../../shared/money';
import { formatNumber } from '../../resources/format';
import { monthName } from './monthName';

/**
 * Each payment service's limits (zero shown as unlimited, SPEC §9) and, under every limit that
 * applies, one bar per month for the share of it the month used.
 */

type LimitName = 'max_transaction_amount' | 'max_transactions_per_day' | 'daily_total' | 'monthly_total';

/** Each limit, the share field that measures it, and what a month used of it. */
const LIMITS: {
  name: LimitName;
  share: keyof Omit<LimitShares, 'service_type'>;
  used: (month: UsageMonth) => string;
}[] = [
  { name: 'monthly_total', share: 'monthly_total', used: (month) => month.payments_total.amount },
  { name: 'daily_total', share: 'daily_total', used: (month) => month.busiest_day.amount },
  {
    name: 'max_transactions_per_day',
    share: 'transactions_per_day',
    used: (month) => String(month.busiest_day.count),
  },
  { name: 'max_transaction_amount', share: 'transaction_amount', used: (month) => month.largest_payment },
];

const isCount = (name: LimitName) => name === 'max_transactions_per_day';

function ServiceCard({ limits, months, language }: { limits: ServiceLimits; months: UsageMonth[]; language: string }) {
  const translate = useTranslate();
  const show = (name: LimitName, value: string | number) =>
    isCount(name) ? formatNumber(Number(value), language) : formatKwd(String(value), language);
  const unlimited = (name: LimitName) =>
    isCount(name) ? limits.max_transactions_per_day === 0 : (toFils(String(limits[name])) ?? 0n) === 0n;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={translate(`resources.merchant_service.enums.service_type.${limits.service_type}`)}
    >
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {translate(`resources.merchant_service.enums.service_type.${limits.service_type}`)}
        </Typography>
        {LIMITS.map(({ name, share, used }) => (
          <Box key={name} sx={{ display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">{translate(`app.merchant_usage.${name}`)}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {unlimited(name) ? translate('app.merchant_usage.unlimited') : show(name, limits[name])}
              </Typography>
            </Box>
            {!unlimited(name) &&
              months.map((month) => {
                const value = month.limits_used.find((row) => row.service_type === limits.service_type)?.[share] ?? 0;
                const label = translate('app.merchant_usage.used', {
                  used: show(name, used(month)),
                  limit: show(name, limits[name]),
                  share: formatNumber(value, language),
                });
                return (
                  <Box key={month.month} sx={{ display: 'grid', gap: 0.25 }}>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {monthName(month.month, language)} — {label}
                    </Typography>
                    <LinearProgress
                      variant="determinate"
                      value={Math.min(value, 100)}
                      color={value >= 100 ? 'error' : value >= 80 ? 'warning' : 'primary'}
                      aria-label={`${translate(`app.merchant_usage.${name}`)}, ${monthName(month.month, language)}`}
                      aria-valuetext={label}
                    />
                  </Box>
                );
              })}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}

export function LimitBars({
  limits,
  months,
  language,
}: {
  limits: ServiceLimits[];
  months: UsageMonth[];
  language: string;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography component="h2" variant="h6">
        {translate('app.merchant_usage.limits')}
      </Typography>
      {limits.length === 0 ? (
        <Typography>{translate('app.merchant_usage.no_limits')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {limits.map((service) => (
            <ServiceCard key={service.service_type} limits={service} months={months} language={language} />
          ))}
        </Box>
      )}
    </Box>
  );
}
