import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MerchantStatement } from '../../../shared/merchant-statement';
import { formatDate } from '../../resources/format';
import { StatementLines } from './StatementLines';
import { signedKwd } from './statementFormat';

/** The class of what only the screen shows (the portal's bars, the page's controls). */
export const SCREEN_ONLY = 'statement-screen-only';

/**
 * On paper only the printed statement shows: the portal's app bar, menu and the page's controls
 * are left out, the content takes the whole width, and rows are not split across pages.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { margin: '12mm' },
        [`.${SCREEN_ONLY}, header, nav, .MuiAppBar-root, .MuiDrawer-root, .RaSidebar-root, .RaAppBar-root`]: {
          display: 'none !important',
        },
        // The layout's other content (the compliance warning) stays on screen.
        '.RaLayout-content > :not(:has(.statement-print))': { display: 'none !important' },
        'body, .RaLayout-appFrame, .RaLayout-content, main': { background: '#fff !important' },
        '.RaLayout-appFrame': { marginTop: '0 !important', paddingTop: '0 !important' },
        '.RaLayout-content, .RaLayout-contentWithSidebar, main': {
          margin: '0 !important',
          padding: '0 !important',
          maxWidth: 'none !important',
        },
        '.statement-print': { display: 'block !important' },
        '.statement-print tr': { breakInside: 'avoid' },
        '.statement-print thead': { display: 'table-header-group' },
      },
    }}
  />
);

/** The whole statement laid out for printing: merchant, period, balances and every line. */
export function StatementPrint({ statement }: { statement: MerchantStatement | undefined }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const say = (key: string, params?: Record<string, unknown>) => translate(`app.merchant_statement.${key}`, params);
  const name = (language === 'ar' && statement?.merchant.name_ar) || statement?.merchant.name;
  const day = (value: string) => formatDate(value, language, false);
  return (
    <>
      {printStyles}
      {statement && (
        <Box className="statement-print" sx={{ display: 'none', color: '#000' }} data-testid="statement-print">
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {say('title')}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, my: 1 }}>
            <dt>{say('merchant')}</dt>
            <dd style={{ margin: 0, fontWeight: 700 }}>
              <bdi>{name}</bdi>
            </dd>
            <dt>{say('period')}</dt>
            <dd style={{ margin: 0 }}>{say('range', { from: day(statement.from), to: day(statement.to) })}</dd>
            {(
              [
                ['opening', statement.opening_balance],
                ['money_in', statement.money_in],
                ['money_out', statement.money_out],
                ['closing', statement.closing_balance],
              ] as const
            ).map(([label, amount]) => [
              <dt key={`${label}-label`}>{say(label)}</dt>,
              <dd key={label} style={{ margin: 0, fontWeight: 700 }}>
                {signedKwd(amount, language)}
              </dd>,
            ])}
          </Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {say(statement.reconciles ? 'reconciles' : 'not_reconciled')} · {say('explain')}
          </Typography>
          <StatementLines
            lines={statement.lines}
            links={false}
            opening={statement.opening_balance}
            closing={statement.closing_balance}
            label={say('title')}
          />
          <Typography variant="caption" sx={{ display: 'block', mt: 1 }}>
            {say('printed', { date: formatDate(new Date().toISOString(), language, true) })}
          </Typography>
        </Box>
      )}
    </>
  );
}
