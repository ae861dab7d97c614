import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { TrailPosting } from '../../../shared/money-trail';
import { humanise } from '../../forms/translate';
import { Amount, When } from './TrailStep';

/**
 * A payment's ledger postings, oldest first: what moved the money (payment, fee, commission,
 * refund…), from which account to which, and how much.
 */
export function TrailPostings({ postings }: { postings: TrailPosting[] }) {
  const translate = useTranslate();
  const account = (name: string | null) =>
    name ? translate(`app.money_trail.accounts.${name}`, { _: humanise(name) }) : '—';
  if (postings.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 1 }}>
      <Typography variant="caption" component="h4" color="text.secondary" sx={{ fontWeight: 600 }}>
        {translate('app.money_trail.postings')}
      </Typography>
      <Box
        component="ul"
        aria-label={translate('app.money_trail.postings')}
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}
      >
        {postings.map((posting, index) => (
          <Box
            component="li"
            key={index}
            data-event={posting.event}
            sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, fontSize: '0.8125rem', color: 'text.secondary' }}
          >
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary', minWidth: '7em' }}>
              {translate(`app.money_trail.events.${posting.event}`, { _: humanise(posting.event) })}
            </Box>
            <Amount value={posting.amount} />
            <span>
              {account(posting.from)} → {account(posting.to)}
            </span>
            <Box component="span" sx={{ marginInlineStart: 'auto' }}>
              <When value={posting.at} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
