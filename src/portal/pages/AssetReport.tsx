import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import {
  ASSET_AMOUNTS,
  ASSET_COUNTS,
  REPORT_MONTH_PATTERN,
  type AssetFigures,
  type AssetReport as Report,
} from '../../shared/asset-report';
import { formatKwd, formatKwdFigure } from '../../shared/money';
import { formatNumber } from '../resources/format';
import { resourcePath } from '../resources/screenPaths';
import { http } from '../shell/providers';
import { kuwaitMonth, MonthSelect } from './MonthSelect';
import { monthName } from './usage/monthName';

/** Only whole months are asked for. */
const MONTH = new RegExp(REPORT_MONTH_PATTERN);

/**
 * A KWD amount in the user's language, the net maybe negative (which the formatters do not take);
 * `figure` alone in the table, whose headers name the currency once.
 */
function money(amount: string, language: string, figure = false): string {
  const format = figure ? formatKwdFigure : formatKwd;
  return amount.startsWith('-') ? `-${format(amount.slice(1), language)}` : format(amount, language);
}

/**
 * The report of a month (`undefined`: the current month in Kuwait, as the server counts it). The
 * last answer stays shown while another month loads; `loading` says it is not the one asked for.
 */
function useAssetReport(month: string | undefined) {
  const key = month ?? '';
  const [state, setState] = useState<{ key?: string; report?: Report; error?: string }>({});
  useEffect(() => {
    const controller = new AbortController();
    http
      .get<Report>('/asset/report', month ? { month } : undefined, { signal: controller.signal })
      .then((report) => setState({ key, report }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [key, month]);
  return { report: state.report, error: state.key === key ? state.error : undefined, loading: state.key !== key };
}

/** The label and value pairs of one asset, stacked, for phones. */
function AssetCard({ title, figures, to }: { title: string; figures: AssetFigures; to?: string }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {to ? (
            <Link component={RouterLink} to={to}>
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5, m: 0 }}>
          {[...ASSET_COUNTS, ...ASSET_AMOUNTS].map((name) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(`app.asset_report.${name}`)}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, textAlign: 'end', fontWeight: name === 'net' ? 700 : 400 }}
              >
                {typeof figures[name] === 'number'
                  ? formatNumber(figures[name], language)
                  : money(figures[name], language)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Nine columns of figures and the asset's fit a 1366 px screen with half the cells' usual side padding (the table's ends keep theirs). */
const COMPACT_CELLS = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { paddingInlineStart: '16px' },
  '& .MuiTableCell-root:last-of-type': { paddingInlineEnd: '16px' },
} as const;

function FigureCells({ figures, language }: { figures: AssetFigures; language: string }) {
  return (
    <>
      {ASSET_COUNTS.map((name) => (
        <TableCell key={name} align="right">
          {formatNumber(figures[name], language)}
        </TableCell>
      ))}
      {ASSET_AMOUNTS.map((name) => (
        <TableCell key={name} align="right" sx={{ whiteSpace: 'nowrap', fontWeight: name === 'net' ? 700 : undefined }}>
          {money(figures[name], language, true)}
        </TableCell>
      ))}
    </>
  );
}

/**
 * Asset report (`/asset/report`): for each asset, its units by rental status and a month's rent due,
 * rent collected from the tenants' payments, rent overdue, expenses and net, with the totals. A table on wide screens, one card per asset on
 * phones; the month can be changed.
 */
export default function AssetReport() {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [month, setMonth] = useState<string | undefined>();
  const { report, error, loading } = useAssetReport(month);
  const shown = month ?? report?.month;
  const title = translate('app.asset_report.title');

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography component="h1" variant="h5">
          {shown ? translate('app.asset_report.subtitle', { month: monthName(shown, language) }) : title}
        </Typography>
        <MonthSelect
          label={translate('app.asset_report.month')}
          value={shown ?? ''}
          onChange={(next) => {
            if (MONTH.test(next)) setMonth(next);
          }}
          current={kuwaitMonth()}
          reach={{ back: 24, ahead: 6 }}
        />
      </Box>

      {error && <Alert severity="error">{error}</Alert>}
      {!report && loading && <Skeleton variant="rounded" height={240} />}
      {report && report.assets.length === 0 && <Alert severity="info">{translate('app.asset_report.empty')}</Alert>}

      {report && report.assets.length > 0 && isSmall && (
        <Box sx={{ display: 'grid', gap: 1.5, opacity: loading ? 0.5 : 1 }} aria-busy={loading}>
          {report.assets.map((asset) => (
            <AssetCard
              key={asset.id}
              title={asset.name}
              figures={asset}
              to={resourcePath({ resource: 'asset', type: 'show', id: asset.id })}
            />
          ))}
          <AssetCard title={translate('app.asset_report.total')} figures={report.totals} />
        </Box>
      )}

      {report && report.assets.length > 0 && !isSmall && (
        <TableContainer component={Card} variant="outlined" sx={{ opacity: loading ? 0.5 : 1 }} aria-busy={loading}>
          <Table size="small" aria-label={title} sx={COMPACT_CELLS}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.asset_report.asset')}</TableCell>
                {ASSET_COUNTS.map((name) => (
                  <TableCell key={name} align="right">
                    {translate(`app.asset_report.${name}`)}
                  </TableCell>
                ))}
                {ASSET_AMOUNTS.map((name) => (
                  <TableCell key={name} align="right">
                    {translate(`app.asset_report.${name}`)} ({translate('app.currency.kwd')})
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report.assets.map((asset) => (
                <TableRow key={asset.id} hover>
                  <TableCell component="th" scope="row">
                    <Link
                      component={RouterLink}
                      to={resourcePath({ resource: 'asset', type: 'show', id: asset.id })}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      <bdi>{asset.name}</bdi>
                    </Link>
                  </TableCell>
                  <FigureCells figures={asset} language={language} />
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow sx={{ '& > *': { fontWeight: 700, color: 'text.primary' } }}>
                <TableCell component="th" scope="row">
                  {translate('app.asset_report.total')}
                </TableCell>
                <FigureCells figures={report.totals} language={language} />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
