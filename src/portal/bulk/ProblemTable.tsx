import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../resources/format';
import { rowRange } from '../resources/list/rowRange';

/**
 * The refused fields of a file, one line each: the row number as the file has it, the field's
 * label and the message in the user's language. Paged, so a file of 100,000 invalid rows renders
 * one page of lines at a time; a message is translated only when its page is shown.
 */

export interface ShownProblem {
  row: number;
  /** The field's name; empty for a row refused as a whole. */
  field: string;
  /** A catalogue message and its parameters (the worker's), or … */
  key?: string;
  params?: Record<string, unknown>;
  /** … a message already in the user's language (the server's). */
  message?: string;
}

const PAGE_SIZES = [25, 50, 100];

export function ProblemTable({ problems, label }: { problems: readonly ShownProblem[]; label: string }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const lastPage = Math.max(0, Math.ceil(problems.length / perPage) - 1);
  const shown = Math.min(page, lastPage);
  const visible = problems.slice(shown * perPage, (shown + 1) * perPage);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{translate('app.bulk.row')}</TableCell>
              <TableCell>{translate('app.bulk.field')}</TableCell>
              <TableCell>{translate('app.bulk.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((problem, index) => (
              <TableRow key={`${problem.row}:${problem.field}:${index}`}>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(problem.row, language)}</TableCell>
                <TableCell>
                  {problem.field ? translate(`resources.invoice.fields.${problem.field}`, { _: problem.field }) : '—'}
                </TableCell>
                <TableCell>
                  {problem.message ?? translate(problem.key ?? 'app.bulk.read_failed', problem.params)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {problems.length > PAGE_SIZES[0] && (
        <TablePagination
          component="div"
          count={problems.length}
          page={shown}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          getItemAriaLabel={(control) => translate(`ra.navigation.${control}`)}
          labelDisplayedRows={({ from, to, count }) =>
            rowRange(translate, formatNumber(from, language), formatNumber(to, language), formatNumber(count, language))
          }
        />
      )}
    </>
  );
}
