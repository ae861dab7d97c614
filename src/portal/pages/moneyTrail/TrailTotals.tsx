import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { MoneyTrail, TrailTotals as Totals } from '../../../shared/money-trail';
import { Amount } from './TrailStep';

/** The totals shown, in the order of the balance: what came in, what went, where the rest is. */
const SHOWN: (keyof Totals)[] = [
  'paid',
  'refunded',
  'fees',
  'commission',
  'net',
  'transferred',
  'in_transfer',
  'on_hold',
  'unsettled',
  'owed',
];

/** Shown only when there is some: money paid in cash, or still held by an authorisation. */
const WHEN_ANY: (keyof Totals)[] = ['cash', 'held'];

/**
 * The chain's totals from the ledger and whether it balances: paid − refunds − fees − commission
 * = transferred + still owed (+ cash, which the merchant holds).
 */
export function TrailTotals({ trail }: { trail: MoneyTrail }) {
  const translate = useTranslate();
  const { totals, balance } = trail;
  const names = [...SHOWN, ...WHEN_ANY.filter((name) => totals[name] !== '0.000')];
  return (
    <Card variant="outlined" component="section" aria-labelledby="trail-totals">
      <CardContent>
        <Typography id="trail-totals" component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('app.money_trail.totals_title')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 130px), 1fr))',
            gap: 1.5,
          }}
        >
          {names.map((name) => (
            <Box key={name} data-total={name} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {translate(`app.money_trail.totals.${name}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: name === 'net' || name === 'owed' ? 700 : 500 }}>
                <Amount value={totals[name]} />
              </Typography>
            </Box>
          ))}
        </Box>
        <Alert severity={balance.balanced ? 'success' : 'warning'} sx={{ mt: 2 }} data-balanced={balance.balanced}>
          {translate(balance.balanced ? 'app.money_trail.balanced' : 'app.money_trail.unbalanced', {
            difference: balance.difference,
          })}
        </Alert>
      </CardContent>
    </Card>
  );
}
