import Box from '@mui/material/Box';
import { useEffect, useId, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { addDays } from '../../../schema/calendar';
import {
  currentDay,
  dateRangeProblem,
  defaultDateRange,
  rangeFilters,
  type DateRangeProblem,
  type DateRangeValue,
} from '../../../schema/listDateRange';
import type { XDateRange } from '../../../schema/types';
import { DayInput } from './DayInput';
import { RangeLabel } from './RangeLabel';

export interface DateRangeFilterProps {
  /** Read by react-admin's filter form: the range is always shown. */
  alwaysOn: true;
  /** Names the input for react-admin's filter form; the range itself is two filter values. */
  source: string;
  resource: string;
  rule: XDateRange;
  /** Told what is wrong with the range picked (null once it may be listed), to show in place of the rows. */
  onProblem: (problem: DateRangeProblem | null) => void;
  /** The id of the message the list shows for a problem, which the dates point to. */
  messageId: string;
}

const dayOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');

/**
 * The from/to dates of a list that needs a date range (`x-list.dateRange`). The range is two of
 * the list's filter values (`<field>_gte`, `<field>_lte`), so the address keeps it and a reload
 * or a shared link shows the same report; a list opened without one starts with the rule's
 * default. What is picked shows at once, but the list follows only a range the rule allows
 * (`dateRangeProblem`, the API's own check); otherwise the problem is told to the list, which
 * shows it instead of rows that no longer match the dates.
 */
export function DateRangeFilter({ resource, rule, onProblem, messageId }: DateRangeFilterProps) {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const id = useId();
  const ends = rangeFilters(rule);
  const value: DateRangeValue = { from: dayOf(filterValues[ends.from]), to: dayOf(filterValues[ends.to]) };
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  const today = currentDay();

  // A range set elsewhere (the address, a saved view, the default) replaces what was picked.
  if (followed.from !== value.from || followed.to !== value.to) {
    setFollowed(value);
    setDraft(value);
  }

  const missing = !value.from && !value.to;
  useEffect(() => {
    if (!missing) return;
    const range = defaultDateRange(rule, currentDay());
    setFilters({ ...filterValues, [ends.from]: range.from, [ends.to]: range.to }, displayedFilters);
  }, [missing, rule, ends.from, ends.to, filterValues, displayedFilters, setFilters]);

  const earliest = rule.withinDays === undefined ? undefined : addDays(today, -rule.withinDays);
  const problem = missing ? null : dateRangeProblem(rule, draft, today);
  const problemKey = problem ? JSON.stringify(problem) : '';
  useEffect(() => {
    onProblem(problemKey ? (JSON.parse(problemKey) as DateRangeProblem) : null);
  }, [problemKey, onProblem]);
  useEffect(() => () => onProblem(null), [onProblem]);

  const change = (end: keyof DateRangeValue) => (day: string) => {
    const next = { ...draft, [end]: day };
    setDraft(next);
    if (!dateRangeProblem(rule, next, today) && (next.from !== value.from || next.to !== value.to))
      setFilters({ ...filterValues, [ends.from]: next.from, [ends.to]: next.to }, displayedFilters);
  };

  const input = (end: keyof DateRangeValue, filter: string) => (
    <DayInput
      id={`${id}-${end}`}
      label={<RangeLabel resource={resource} field={rule.field} end={end} />}
      value={draft[end]}
      onChange={change(end)}
      error={problem?.filter === filter}
      min={earliest}
      max={today}
      describedBy={problem ? messageId : undefined}
    />
  );

  return (
    <Box
      role="group"
      aria-label={translate('app.list.date_range')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, position: 'relative' }}
    >
      {input('from', ends.from)}
      {input('to', ends.to)}
    </Box>
  );
}
