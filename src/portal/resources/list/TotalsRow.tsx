import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useDataProvider, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { fieldLabelKey } from '../../../schema/labels';
import { moneyColumns } from '../../../schema/listColumns';
import type { EntitySchema } from '../../../schema/types';
import { formatKwd } from '../../../shared/money';
import type { ListTotals, PortalDataProvider } from '../../data/dataProvider';
import { humanise } from '../../forms/translate';
import { formatNumber } from '../format';

/**
 * The totals row under a report: how many rows the chosen range and filters match, all pages
 * together, and the sum of each money column, as the API adds them up for the very same filter
 * (`GET <endpoint>/totals`). Asked again whenever the list is (a refresh, a changed filter).
 */
export function TotalsRow({
  entity,
  view,
  filter,
}: {
  entity: EntitySchema;
  view?: string;
  /** What the list sets itself (a view's fixed filter), besides the user's filters. */
  filter: Record<string, unknown>;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { filterValues, data, isPending, error } = useListContext();
  const [totals, setTotals] = useState<ListTotals | null>(null);
  const query = JSON.stringify({ ...filterValues, ...filter });

  useEffect(() => {
    if (isPending || error) return;
    let current = true;
    dataProvider
      .getTotals(entity.$id, { filter: JSON.parse(query) as Record<string, unknown> })
      .then((answer) => current && setTotals(answer))
      .catch(() => current && setTotals(null));
    return () => {
      current = false;
    };
    // `data` changes whenever the list is fetched again: the totals follow it.
  }, [dataProvider, entity.$id, query, data, isPending, error]);

  if (!totals || error) return null;
  const label = (name: string) => translate(fieldLabelKey(entity.$id, name), { _: humanise(name) });
  return (
    <Box
      role="region"
      aria-label={translate('app.list.totals')}
      data-testid="list-totals"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 3,
        rowGap: 0.5,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      <Box component="strong" sx={{ typography: 'subtitle2' }}>
        {translate('app.list.totals')}
      </Box>
      <Box component="dl" sx={{ display: 'contents', '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
        <Box sx={{ display: 'flex', gap: 0.75 }}>
          <dt>{translate('app.list.totals_count')}</dt>
          <dd data-testid="list-totals-count">{formatNumber(totals.count, language)}</dd>
        </Box>
        {moneyColumns(entity, view).map((name) => (
          <Box key={name} sx={{ display: 'flex', gap: 0.75 }}>
            <dt>{label(name)}</dt>
            <dd data-testid={`list-totals-${name}`} style={{ fontWeight: 600 }}>
              <bdi>{formatKwd(totals.sums[name] ?? '0.000', language)}</bdi>
            </dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
