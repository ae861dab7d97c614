import Box from '@mui/material/Box';
import type { Breakpoint } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { currentDay, type DateRangeProblem } from '../../schema/listDateRange';

/** The two ends of a report's range. */
export type RangeEnd = 'from' | 'to';

/** A report's range: two days (`YYYY-MM-DD`) or two months (`YYYY-MM`). */
export type RangeValue = Record<RangeEnd, string>;

/** Why a range is refused: the end it is about, the catalogue key and its parameters. */
export interface RangeProblem {
  field: RangeEnd;
  key: string;
  params?: Record<string, unknown>;
}

/** A day rule's problem (`dateRangeProblem`, which names the refused filter) as the end it is about. */
export function fromDateRangeProblem(problem: DateRangeProblem | null): RangeProblem | null {
  return (
    problem && { field: problem.filter.endsWith('_gte') ? 'from' : 'to', key: problem.key, params: problem.params }
  );
}

export interface ReportRangeProps {
  /** Days or months; the latest either end may pick is today or this month. */
  type: 'date' | 'month';
  value: RangeValue;
  /** The range with the end just picked; called on every pick, refused ranges included. */
  onChange: (next: RangeValue) => void;
  /** Catalogue keys of the two inputs' labels. */
  labels: Record<RangeEnd, string>;
  /** What the API would refuse in `value`, shown under the inputs; null for a range it takes. */
  problem: RangeProblem | null;
  /** Each input's width, per breakpoint where it changes. */
  width: number | string | Partial<Record<Breakpoint, number | string>>;
}

/**
 * The from/to range of a report page: two required inputs and, under them, why the range is
 * refused, in the API's own words, marking the end it is about. The page keeps the range and
 * decides when to ask the API; this only shows and edits it.
 */
export function ReportRange({ type, value, onChange, labels, problem, width }: ReportRangeProps) {
  const translate = useTranslate();
  const id = useId();
  const today = currentDay();
  const latest = type === 'month' ? today.slice(0, 7) : today;
  const messageId = `${id}-message`;

  const input = (end: RangeEnd) => (
    <TextField
      id={`${id}-${end}`}
      type={type}
      size="small"
      required
      fullWidth={false}
      sx={{ width }}
      label={translate(labels[end])}
      value={value[end]}
      onChange={(event) => onChange({ ...value, [end]: event.target.value })}
      error={problem?.field === end}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { max: latest, 'aria-describedby': problem ? messageId : undefined },
      }}
    />
  );

  return (
    <Box role="group" aria-label={translate('app.list.date_range')} sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {input('from')}
        {input('to')}
      </Box>
      {problem && (
        <Typography id={messageId} role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {translate(problem.key, problem.params)}
        </Typography>
      )}
    </Box>
  );
}
