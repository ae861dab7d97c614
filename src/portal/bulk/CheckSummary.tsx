import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { BulkCheck } from '../../shared/spreadsheet/invoiceRows';
import { formatKwd } from '../../shared/money';
import { formatNumber } from '../resources/format';

/** A checked file in four figures: its rows, how many are valid and invalid, and the valid rows' total. */
export function CheckSummary({ check }: { check: BulkCheck }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const figures: [string, string][] = [
    ['app.bulk.rows', formatNumber(check.totalRows, language)],
    ['app.bulk.valid', formatNumber(check.rows.length, language)],
    ['app.bulk.invalid', formatNumber(check.invalidRows, language)],
    ['app.bulk.total_amount', formatKwd(check.totalAmount, language)],
  ];
  return (
    <Grid container spacing={2}>
      {figures.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, md: 3 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography component="p" variant="subtitle2" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography
                component="p"
                variant="h6"
                sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
              >
                {value}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
