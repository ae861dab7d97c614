import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatKwd } from '../../../shared/money';
import { humanise } from '../../forms/translate';
import { enumLabelKey, fieldLabelKey } from '../../forms/uiSchema';
import { formatDate } from '../../resources/format';
import type { Dashboard } from './dashboardApi';
import { TransactionStatus } from './TransactionStatus';

type Transaction = Dashboard['latest'][number];

/** Columns left out on narrow screens, where the date, reference, amount and status suffice. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const NO_WRAP = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** On a phone the date goes under the reference and the status under the amount: two columns fit 360 px, four do not. */
const UNDER = { display: 'block', whiteSpace: 'nowrap' } as const;

/**
 * The newest transactions, each reference linking to the transaction's detail screen when the
 * user may open the transactions report (`showPath`), with a link to the whole report.
 */
export function LatestTransactions({
  transactions,
  showPath,
  listPath,
}: {
  transactions?: Transaction[];
  showPath?: (id: number) => string;
  listPath?: string;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const titleId = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = (field: string) => translate(fieldLabelKey('transaction', field), { _: humanise(field) });
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ px: { xs: 1, sm: 2 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 1,
            px: { xs: 1, sm: 0 },
          }}
        >
          <Typography id={titleId} component="h2" variant="h6">
            {translate('app.dashboard.latest_transactions')}
          </Typography>
          {listPath && (
            <Button component={RouterLink} to={listPath} size="small">
              {translate('app.dashboard.view_all')}
            </Button>
          )}
        </Box>
        {!transactions ? (
          <Skeleton variant="rectangular" height={240} />
        ) : transactions.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2, px: { xs: 1, sm: 0 } }}>
            {translate('app.dashboard.no_transactions')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  {!phone && <TableCell>{label('created_at')}</TableCell>}
                  <TableCell>{label('reference_no')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{label('customer_name')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{label('payment_method')}</TableCell>
                  <TableCell align="right">{label('amount')}</TableCell>
                  {!phone && <TableCell>{label('status')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {transactions.map((transaction) => (
                  <TableRow key={transaction.id} hover>
                    {!phone && (
                      <TableCell sx={NO_WRAP}>
                        {transaction.created_at && formatDate(transaction.created_at, language, true)}
                      </TableCell>
                    )}
                    <TableCell sx={NO_WRAP}>
                      {showPath ? (
                        <Link component={RouterLink} to={showPath(transaction.id)}>
                          {transaction.reference_no ?? transaction.id}
                        </Link>
                      ) : (
                        transaction.reference_no
                      )}
                      {phone && transaction.created_at && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={UNDER}>
                          {formatDate(transaction.created_at, language, true)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{transaction.customer_name}</TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      {transaction.payment_method &&
                        translate(enumLabelKey('transaction', 'payment_method', transaction.payment_method), {
                          _: humanise(transaction.payment_method),
                        })}
                    </TableCell>
                    <TableCell align="right" sx={NO_WRAP}>
                      {formatKwd(transaction.amount, language)}
                      {phone && (
                        <Box component="span" sx={{ ...UNDER, mt: 0.5 }}>
                          <TransactionStatus status={transaction.status} />
                        </Box>
                      )}
                    </TableCell>
                    {!phone && (
                      <TableCell>
                        <TransactionStatus status={transaction.status} />
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
