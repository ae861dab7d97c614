import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MerchantStatement } from '../../../shared/merchant-statement';
import { signedKwd } from './statementFormat';

const FIGURES = [
  ['opening', 'opening_balance'],
  ['money_in', 'money_in'],
  ['money_out', 'money_out'],
  ['closing', 'closing_balance'],
] as const;

/** Whether the closing balance is the one the ledger holds, as the API computed it. */
export function ReconcilesBadge({ reconciles }: { reconciles: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      color={reconciles ? 'success' : 'error'}
      icon={reconciles ? <CheckCircleIcon /> : <ErrorIcon />}
      label={translate(reconciles ? 'app.merchant_statement.reconciles' : 'app.merchant_statement.not_reconciled')}
      role="status"
      sx={{ justifySelf: 'start' }}
    />
  );
}

/** The statement's four figures as cards, and the reconciles badge. */
export function StatementSummary({ statement }: { statement: MerchantStatement }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {FIGURES.map(([label, field]) => (
          <Card key={field} variant="outlined">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(`app.merchant_statement.${label}`)}
              </Typography>
              <Typography
                component="dd"
                variant="h6"
                sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap', fontSize: { xs: '1rem', sm: '1.25rem' } }}
              >
                {signedKwd(statement[field], language)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <ReconcilesBadge reconciles={statement.reconciles} />
    </Box>
  );
}
