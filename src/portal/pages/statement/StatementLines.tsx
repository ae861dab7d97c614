import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { StatementLine } from '../../../shared/merchant-statement';
import { documentPath, kuwaitDateTime, signedKwd } from './statementFormat';

const amount = { whiteSpace: 'nowrap' } as const;

/**
 * A line's reference: its record's number, linked to the record when `links` (not on paper), then
 * the payment a refund or capture is of and the invoice it paid.
 */
function Reference({ line, links }: { line: StatementLine; links: boolean }) {
  const document = line.document;
  if (!document) return null;
  const number = <bdi>{document.number ?? `#${document.id}`}</bdi>;
  // The payment a refund, capture or fee is of, under the record's own number.
  const transaction = document.entity !== 'transaction' ? line.transaction : null;
  return (
    <>
      {links ? (
        <Link component={RouterLink} to={documentPath(document)}>
          {number}
        </Link>
      ) : (
        number
      )}
      {transaction && (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {links ? (
            <Link component={RouterLink} to={documentPath(transaction)} color="inherit">
              <bdi>{transaction.number ?? `#${transaction.id}`}</bdi>
            </Link>
          ) : (
            <bdi>{transaction.number ?? `#${transaction.id}`}</bdi>
          )}
        </Typography>
      )}
      {line.invoice_reference && (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          <bdi>{line.invoice_reference}</bdi>
        </Typography>
      )}
    </>
  );
}

/**
 * The statement's lines, with the opening balance above them and the closing balance below when
 * given (the printed statement); links to each line's record on screen.
 */
export function StatementLines({
  lines,
  links = true,
  opening,
  closing,
  label,
}: {
  lines: readonly StatementLine[];
  links?: boolean;
  opening?: string;
  closing?: string;
  label: string;
}) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const say = (key: string) => translate(`app.merchant_statement.${key}`);
  const balanceRow = (text: string, balance: string) => (
    <TableRow>
      <TableCell component="th" scope="row" colSpan={6} sx={{ fontWeight: 700 }}>
        {text}
      </TableCell>
      <TableCell align="right" sx={{ ...amount, fontWeight: 700 }}>
        {signedKwd(balance, language)}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{say('columns.date')}</TableCell>
          <TableCell>{say('columns.kind')}</TableCell>
          <TableCell>{say('columns.document')}</TableCell>
          <TableCell>{say('columns.description')}</TableCell>
          <TableCell align="right">{say('columns.debit')}</TableCell>
          <TableCell align="right">{say('columns.credit')}</TableCell>
          <TableCell align="right">{say('columns.balance')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {opening !== undefined && balanceRow(say('opening'), opening)}
        {lines.map((line) => (
          <TableRow key={line.id} hover={links} sx={line.informational ? { color: 'text.secondary' } : undefined}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{kuwaitDateTime(line.at, language)}</TableCell>
            <TableCell>{say(`kinds.${line.kind}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Reference line={line} links={links} />
            </TableCell>
            <TableCell sx={{ minWidth: 180 }}>
              {line.description}
              {line.informational && (
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {signedKwd(line.amount, language)} · {say('informational')}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right" sx={amount}>
              {line.debit === '0.000' ? '' : signedKwd(line.debit, language)}
            </TableCell>
            <TableCell align="right" sx={amount}>
              {line.credit === '0.000' ? '' : signedKwd(line.credit, language)}
            </TableCell>
            <TableCell align="right" sx={{ ...amount, fontWeight: 600 }}>
              {signedKwd(line.balance, language)}
            </TableCell>
          </TableRow>
        ))}
        {closing !== undefined && balanceRow(say('closing'), closing)}
      </TableBody>
    </Table>
  );
}
