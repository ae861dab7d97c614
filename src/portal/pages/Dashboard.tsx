import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { createElement } from 'react';
import { Link } from 'react-router';
import { Title, useGetList, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import { useMerchantName } from '../layout/useMerchantName';
import { canOpen } from '../resources/access';
import { formatNumber } from '../resources/format';
import { iconFor } from '../resources/icons';
import { portalResources } from '../resources';

/** A resource's card: its name, how many records it holds (from the API), a link to its list. */
function ResourceCard({ entity }: { entity: EntitySchema }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const [field, order] = entity['x-list'].sort;
  const { total, isPending, error } = useGetList(entity.$id, {
    pagination: { page: 1, perPage: 1 },
    sort: { field, order },
  });
  const name = translate(`resources.${entity.$id}.name`, { smart_count: 2 });
  return (
    <Card variant="outlined">
      <CardActionArea component={Link} to={`/${entity.$id}`} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          {createElement(iconFor(entity.$id), { color: 'primary', sx: { fontSize: 40 }, 'aria-hidden': true })}
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
              {isPending ? <Skeleton width={48} /> : error || total === undefined ? '—' : formatNumber(total, language)}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * Dashboard (`/`, `/home/dashboard`): a welcome with the merchant's brand, and a card per resource
 * the user may open with its record count.
 */
export default function Dashboard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  const merchantName = useMerchantName();
  const entities = portalResources.map(({ entity }) => entity).filter((entity) => canOpen(entity, permissions));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.dashboard.title')} />
      {merchantName && (
        <Typography variant="h2" component="p" sx={{ mb: 3 }}>
          {translate('app.dashboard.welcome', { name: merchantName })}
        </Typography>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
      >
        {entities.map((entity) => (
          <ResourceCard key={entity.$id} entity={entity} />
        ))}
      </Box>
    </Box>
  );
}
