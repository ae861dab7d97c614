import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { isTrailEntity, type MoneyTrail, type TrailEntity } from '../../../shared/money-trail';
import { humanise } from '../../forms/translate';
import { TrailChain } from './TrailChain';
import { RecordLink } from './TrailStep';
import { TrailTotals } from './TrailTotals';
import { useMoneyTrail } from './useMoneyTrail';

/** The human reference of the record the trail started from, found in the trail. */
function startLabel(trail: MoneyTrail): string | null {
  const payments = trail.roots.flatMap((root) => root.transactions);
  switch (trail.entity) {
    case 'invoice':
      return trail.roots.find((root) => root.invoice?.id === trail.id)?.invoice?.reference_no ?? null;
    case 'transaction':
      return payments.find((payment) => payment.id === trail.id)?.reference_no ?? null;
    case 'refund':
      return (
        payments.flatMap((payment) => payment.refunds).find((refund) => refund.id === trail.id)?.document_no ?? null
      );
    case 'capture':
      return (
        payments.flatMap((payment) => payment.captures).find((capture) => capture.id === trail.id)?.document_no ?? null
      );
    case 'payment_transfer':
      return trail.transfers.find((transfer) => transfer.id === trail.id)?.document_no ?? null;
  }
}

/**
 * The money trail (`/money-trail/:entity/:id`): from an invoice, payment, refund, capture or
 * transfer, the whole chain as a vertical timeline — invoice → payments → captures and refunds
 * with their ledger postings → the transfer that paid them out — each step a link to its record's
 * page, with the totals from the ledger and whether they balance.
 */
export default function MoneyTrailPage() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const params = useParams();
  const entity = isTrailEntity(params.entity) ? params.entity : null;
  const id = params.id ?? '';
  const loaded = useMoneyTrail(entity, id, language);
  const title = translate('app.money_trail.title');

  const transfers = useMemo(
    () => new Map(loaded.state === 'done' ? loaded.trail.transfers.map((transfer) => [transfer.id, transfer]) : []),
    [loaded],
  );

  const entityName = (name: TrailEntity) => translate(`resources.${name}.name`, { smart_count: 1, _: humanise(name) });

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        {entity && loaded.state === 'done' && (
          <Typography color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            <span>{translate('app.money_trail.from', { entity: entityName(entity) })}</span>
            <RecordLink entity={entity} id={loaded.trail.id} label={startLabel(loaded.trail)} />
          </Typography>
        )}
      </Box>
      {!entity && <Alert severity="error">{translate('app.message.not_found')}</Alert>}
      {entity && loaded.state === 'loading' && <Skeleton variant="rounded" height={240} />}
      {entity && loaded.state === 'failed' && <Alert severity="error">{loaded.error}</Alert>}
      {entity && loaded.state === 'done' && (
        <>
          <TrailTotals trail={loaded.trail} />
          {loaded.trail.hidden.length > 0 && (
            <Alert severity="info">
              {translate('app.money_trail.hidden', {
                entities: loaded.trail.hidden
                  .map((name) => translate(`resources.${name}.name`, { smart_count: 2 }))
                  .join(language === 'ar' ? '، ' : ', '),
              })}
            </Alert>
          )}
          <Card variant="outlined" component="section" aria-labelledby="trail-chains">
            <CardContent>
              <Typography id="trail-chains" component="h2" variant="h6" sx={{ mb: 2 }}>
                {translate('app.money_trail.chain', { smart_count: loaded.trail.roots_count })}
              </Typography>
              {loaded.trail.roots_count > loaded.trail.roots.length && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {translate('app.money_trail.capped', {
                    shown: loaded.trail.roots.length,
                    smart_count: loaded.trail.roots_count,
                  })}
                </Alert>
              )}
              {loaded.trail.roots.length === 0 && (
                <Typography color="text.secondary">{translate('app.money_trail.empty')}</Typography>
              )}
              <Box sx={{ display: 'grid', gap: 3, pl: 1 }}>
                {loaded.trail.roots.map((root) => (
                  <TrailChain
                    key={root.invoice ? `i${root.invoice.id}` : `t${root.transactions[0]?.id ?? 0}`}
                    root={root}
                    transfers={transfers}
                  />
                ))}
              </Box>
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}
