import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { PeriodTotal } from '../../../shared/dashboard';
import { formatKwd } from '../../../shared/money';
import { formatDate } from '../../resources/format';

/**
 * One period's successful payments: its name, the amount in KWD with three decimals, how many
 * payments, and since when.
 */
export function TotalCard({ title, total }: { title: string; total?: PeriodTotal }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} component="h2" variant="subtitle1" color="text.secondary" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography
          component="p"
          variant="h4"
          sx={{
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            overflowWrap: 'anywhere',
          }}
        >
          {total ? formatKwd(total.amount, language) : <Skeleton width="60%" />}
        </Typography>
        <Typography component="p" variant="body2">
          {total ? translate('app.dashboard.successful_count', { smart_count: total.count }) : <Skeleton width="40%" />}
        </Typography>
        <Typography component="p" variant="caption" color="text.secondary">
          {total ? (
            translate('app.dashboard.since', { date: formatDate(total.from, language, false) })
          ) : (
            <Skeleton width="30%" />
          )}
        </Typography>
      </CardContent>
    </Card>
  );
}
