import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { USAGE_CHANNELS, type UsageMonth } from '../../../shared/merchant-usage';
import { formatKwd } from '../../../shared/money';
import { formatNumber } from '../../resources/format';
import { monthName } from './monthName';

/** The two tables of the usage report: messages and invoices per month, payments per month and method. */

const nowrap = { whiteSpace: 'nowrap' } as const;
/** Narrower cells on a phone, so a month's figures fit a 360-pixel screen. */
const compact = { '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } } } as const;

export function MessagesTable({ months, language }: { months: UsageMonth[]; language: string }) {
  const translate = useTranslate();
  const title = translate('app.merchant_usage.messages');
  return (
    <TableContainer component={Card} variant="outlined">
      <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title} sx={compact}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.merchant_usage.month')}</TableCell>
            {USAGE_CHANNELS.map((channel) => (
              <TableCell key={channel} align="right" sx={{ whiteSpace: { sm: 'nowrap' } }}>
                {translate(`app.merchant_usage.${channel}`)}
              </TableCell>
            ))}
            <TableCell align="right">{translate('app.merchant_usage.invoices')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((month) => {
            const kinds = Object.entries(month.invoices);
            const invoices = kinds.reduce((total, [, count]) => total + count, 0);
            const byKind = kinds
              .map(([kind, count]) =>
                translate('app.merchant_usage.kind_count', {
                  kind: translate(`resources.invoice.enums.kind.${kind}`),
                  count: formatNumber(count, language),
                }),
              )
              .join(' · ');
            return [
              <TableRow key={month.month} hover sx={byKind ? { '& > *': { borderBottom: 'unset' } } : undefined}>
                <TableCell component="th" scope="row" sx={nowrap} title={monthName(month.month, language)}>
                  {monthName(month.month, language, true)}
                </TableCell>
                {USAGE_CHANNELS.map((channel) => (
                  <TableCell key={channel} align="right">
                    {formatNumber(month.messages[channel], language)}
                  </TableCell>
                ))}
                <TableCell align="right">{formatNumber(invoices, language)}</TableCell>
              </TableRow>,
              byKind && (
                <TableRow key={`${month.month}-kinds`}>
                  <TableCell colSpan={USAGE_CHANNELS.length + 2} sx={{ pt: 0, color: 'text.secondary' }}>
                    <Typography variant="caption">{byKind}</Typography>
                  </TableCell>
                </TableRow>
              ),
            ];
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function PaymentsTable({ months, language }: { months: UsageMonth[]; language: string }) {
  const translate = useTranslate();
  const title = translate('app.merchant_usage.payments');
  const paid = months.filter((month) => month.payments.length > 0);
  return (
    <TableContainer component={Card} variant="outlined">
      <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
        {title}
      </Typography>
      {paid.length === 0 ? (
        <Typography sx={{ px: 2, py: 1.5 }}>{translate('app.merchant_usage.no_payments')}</Typography>
      ) : (
        <Table size="small" aria-label={title} sx={compact}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.merchant_usage.payment_method')}</TableCell>
              <TableCell align="right">{translate('app.merchant_usage.count')}</TableCell>
              <TableCell align="right">{translate('app.merchant_usage.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {paid.flatMap((month) => [
              <TableRow key={month.month} sx={{ bgcolor: 'action.hover' }}>
                <TableCell component="th" scope="colgroup" colSpan={3} sx={{ fontWeight: 700 }}>
                  {monthName(month.month, language)}
                </TableCell>
              </TableRow>,
              ...month.payments.map((row) => (
                <TableRow key={`${month.month}-${row.payment_method}`} hover>
                  <TableCell>{translate(`resources.transaction.enums.payment_method.${row.payment_method}`)}</TableCell>
                  <TableCell align="right">{formatNumber(row.count, language)}</TableCell>
                  <TableCell align="right" sx={nowrap}>
                    {formatKwd(row.amount, language)}
                  </TableCell>
                </TableRow>
              )),
              <TableRow key={`${month.month}-total`} sx={{ '& td, & th': { fontWeight: 700 } }}>
                <TableCell component="th" scope="row">
                  {translate('app.merchant_usage.total')}
                </TableCell>
                <TableCell align="right">{formatNumber(month.payments_total.count, language)}</TableCell>
                <TableCell align="right" sx={nowrap}>
                  {formatKwd(month.payments_total.amount, language)}
                </TableCell>
              </TableRow>,
            ])}
          </TableBody>
        </Table>
      )}
    </TableContainer>
  );
}
