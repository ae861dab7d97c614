import Box from '@mui/material/Box';
import type { Breakpoint } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { currentDay, type DateRangeProblem } from '../../schema/listDateRange';
import { DayInput } from '../resources/filters/DayInput';
import { MonthSelect } from './MonthSelect';

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
  /** Each month's width, per breakpoint where it changes (a day's field has its own). */
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

  const input = (end: RangeEnd) => {
    const common = {
      id: `${id}-${end}`,
      label: translate(labels[end]),
      value: value[end],
      onChange: (picked: string) => onChange({ ...value, [end]: picked }),
      error: problem?.field === end,
      describedBy: problem ? messageId : undefined,
    };
    // Days are typed or picked as the back office writes them, months chosen by their names:
    // a browser's own date and month fields follow the browser's language, not the page's.
    return type === 'month' ? (
      <MonthSelect key={end} {...common} current={latest} reach={{ back: 36, ahead: 0 }} width={width} />
    ) : (
      <DayInput key={end} {...common} max={latest} />
    );
  };

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
