import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { addDays } from '../../../schema/calendar';
import { currentDay, dateRangeProblem, rangeFilters, type DateRangeValue } from '../../../schema/listDateRange';
import type { XDateRange } from '../../../schema/types';
import { RangeLabel } from './RangeLabel';

export interface DateRangeFilterProps {
  /** Read by react-admin's filter form: the range is always shown. */
  alwaysOn: true;
  /** Names the input for react-admin's filter form; the range itself lives outside the form. */
  source: string;
  resource: string;
  rule: XDateRange;
  value: DateRangeValue;
  onChange: (range: DateRangeValue) => void;
}

/**
 * The from/to dates of a list that needs a date range (`x-list.dateRange`). What is picked shows
 * at once, but the list follows only a range the rule allows (`dateRangeProblem`, the API's own
 * check): otherwise the message shows beside the dates and nothing is asked of the API.
 */
export function DateRangeFilter({ resource, rule, value, onChange }: DateRangeFilterProps) {
  const translate = useTranslate();
  const { setPage } = useListContext();
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  const id = useId();

  // A range set elsewhere (the default coming back) replaces what was picked.
  if (followed.from !== value.from || followed.to !== value.to) {
    setFollowed(value);
    setDraft(value);
  }

  const today = currentDay();
  const earliest = rule.withinDays === undefined ? undefined : addDays(today, -rule.withinDays);
  const problem = dateRangeProblem(rule, draft, today);
  const filters = rangeFilters(rule);
  const messageId = `${id}-message`;

  const change = (end: keyof DateRangeValue) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...draft, [end]: event.target.value };
    setDraft(next);
    if (!dateRangeProblem(rule, next, today) && (next.from !== value.from || next.to !== value.to)) {
      onChange(next);
      setPage(1);
    }
  };

  const input = (end: keyof DateRangeValue, filter: string) => (
    <TextField
      id={`${id}-${end}`}
      type="date"
      size="small"
      label={<RangeLabel resource={resource} field={rule.field} end={end} />}
      value={draft[end]}
      onChange={change(end)}
      error={problem?.filter === filter}
      required
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: earliest, max: today, 'aria-describedby': problem ? messageId : undefined },
      }}
    />
  );

  return (
    <Box role="group" aria-label={translate('app.list.date_range')} sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {input('from', filters.from)}
        {input('to', filters.to)}
      </Box>
      {problem && (
        <Typography id={messageId} role="alert" variant="caption" component="p" sx={{ mx: 1.5, color: 'error.main' }}>
          {translate(problem.key, problem.params)}
        </Typography>
      )}
    </Box>
  );
}
