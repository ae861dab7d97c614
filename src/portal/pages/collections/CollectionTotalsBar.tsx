import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useListContext, useTranslate } from 'react-admin';
import {
  COLLECTION_BUCKETS,
  COLLECTIONS_TOTALS_ENDPOINT,
  type CollectionBucket,
  type CollectionTotals,
} from '../../../shared/collections';
import { useReport } from '../useReport';
import { Count, Kwd } from './CollectionValues';

/**
 * The totals of what the list's filter matches, from the API (`GET /v1/invoice/collections/totals`
 * with the list's own filter): all of it, then each age bucket, counted and summed by the server.
 * A bucket is a button: it narrows the list to that age, and again to every age.
 */
export function CollectionTotalsBar() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { bucket: _bucket, ...others } = filterValues as Record<string, unknown>;
  const { report } = useReport<CollectionTotals>(COLLECTIONS_TOTALS_ENDPOINT, { filter: JSON.stringify(others) });
  const chosen = typeof filterValues.bucket === 'string' ? (filterValues.bucket as CollectionBucket) : undefined;
  const choose = (bucket: CollectionBucket) =>
    setFilters(
      bucket === chosen ? others : { ...others, bucket },
      bucket === chosen ? displayedFilters : { ...displayedFilters, bucket: true },
    );
  const card = {
    flex: '1 1 9.5rem',
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: 0.25,
    p: 1.5,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    textAlign: 'start',
  } as const;
  return (
    <Box
      component="section"
      aria-label={translate('app.collections.total')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: { xs: 1, md: 2 }, pt: 2 }}
    >
      <Box sx={{ ...card, flex: '1.4 1 11rem', bgcolor: 'action.hover' }}>
        <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
          {translate('app.collections.total')}
        </Box>
        <Box component="strong" sx={{ typography: 'subtitle1', fontWeight: 700 }} data-testid="collections-total">
          {report ? <Kwd amount={report.amount} /> : '…'}
        </Box>
        <Box component="span" sx={{ typography: 'body2' }}>
          {report ? translate('app.collections.count', { smart_count: report.count }) : ''}
        </Box>
      </Box>
      {COLLECTION_BUCKETS.map((bucket) => {
        const figures = report?.buckets[bucket];
        return (
          <ButtonBase
            key={bucket}
            aria-pressed={bucket === chosen}
            onClick={() => choose(bucket)}
            sx={{
              ...card,
              borderColor: bucket === chosen ? 'primary.main' : 'divider',
              borderWidth: bucket === chosen ? 2 : 1,
            }}
            data-testid={`collections-bucket-${bucket}`}
          >
            <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
              {translate(`app.collections.buckets.${bucket}`)}
            </Box>
            <Box component="strong" sx={{ typography: 'subtitle1' }}>
              {figures ? <Kwd amount={figures.amount} /> : '…'}
            </Box>
            <Box component="span" sx={{ typography: 'body2' }}>
              {figures ? <Count value={figures.count} /> : ''}
            </Box>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
