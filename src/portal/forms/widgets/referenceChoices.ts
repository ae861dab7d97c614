import { useMemo } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { addDays, addMonths } from '../../../schema/calendar';
import { currentDay, dateRangeProblem, defaultDateRange, rangeFilters } from '../../../schema/listDateRange';
import { entitySchemas } from '../../../schema/registry';
import { labelProperty, referenceText } from '../../../schema/relations';
import type { XDateRange, XReferences } from '../../../schema/types';
import { humanise, type Translate } from '../translate';
import { enumLabelKey } from '../../../schema/labels';

/** How many records a choice offers; the API serves at most 500 rows a page. */
export const REFERENCE_CHOICES = 500;

/** The name of an entity from the catalogue ("Asset category"). */
export const entityName = (translate: Translate, entity: string, count = 1) =>
  translate(`resources.${entity}.name`, { smart_count: count, _: humanise(entity) });

/**
 * The longest range ending today a list with a date range rule may be asked for (the last six
 * months of transactions), so that a choice offers as many recent records as the rule allows.
 */
export function widestDateRange(rule: XDateRange, today = currentDay()) {
  const starts = [
    rule.maxMonths !== undefined ? addMonths(today, -rule.maxMonths) : undefined,
    rule.maxDays !== undefined ? addDays(today, -rule.maxDays) : undefined,
    rule.withinDays !== undefined ? addDays(today, -rule.withinDays) : undefined,
  ].filter((day): day is string => day !== undefined);
  let from = starts.sort().at(-1);
  if (!from) return defaultDateRange(rule, today);
  // Months are not all as long: six months before 31 August is 28 February, whose six months end on
  // 28 August; the range starts on the first day that reaches today.
  while (from < today && dateRangeProblem(rule, { from, to: today }, today)) from = addDays(from, 1);
  return { from, to: today };
}

/** The filter a choice among an entity's records needs: a date range when its list demands one. */
function choiceFilter(entity: string): Record<string, string> {
  const rule = entitySchemas[entity]?.['x-list'].dateRange;
  if (!rule) return {};
  const range = widestDateRange(rule);
  const ends = rangeFilters(rule);
  return { [ends.from]: range.from, [ends.to]: range.to };
}

/** Why a record may not be chosen (`refuse`): its refused value's label, e.g. "Blocked"; null when it may. */
export function refusal(spec: XReferences, record: RaRecord, translate: Translate): string | null {
  for (const [name, values] of Object.entries(spec.refuse ?? {})) {
    const value = record[name];
    if (values.includes(value)) {
      return translate(enumLabelKey(spec.entity, name, value), { _: humanise(String(value)) });
    }
  }
  return null;
}

/**
 * The records a reference may name, sorted by their label in `language`, with how each is called.
 * `none` once it is known there is none at all (the form then says to create one first).
 */
export function useReferenceChoices(spec: XReferences, language: string) {
  const filter = useMemo(() => choiceFilter(spec.entity), [spec.entity]);
  const { data, isPending, error } = useGetList(spec.entity, {
    pagination: { page: 1, perPage: REFERENCE_CHOICES },
    sort: { field: labelProperty(spec, language), order: 'ASC' },
    filter,
  });
  const records = useMemo(() => data ?? [], [data]);
  return {
    records,
    isPending,
    error,
    none: !isPending && !error && records.length === 0,
    textOf: (record: RaRecord) => referenceText(spec, record, language),
  };
}
