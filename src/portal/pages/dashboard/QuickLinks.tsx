import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { createElement, useId } from 'react';
import { useGetResourceLabel, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { humanise } from '../../forms/translate';
import { groupIconFor } from '../../resources/icons';
import type { GroupedEntries } from '../../resources/menuEntries';
import { viewLabel } from '../../resources/views';

/** Every screen the user may open, by menu group, as the menu lists them (`menuGroups`). */
export function QuickLinks({ groups }: { groups: GroupedEntries[] }) {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const titleId = useId();
  if (groups.length === 0) return null;
  return (
    <Card variant="outlined" component="nav" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('app.dashboard.quick_links')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {groups.map(({ group, entries }) => (
            <Box key={group}>
              <Typography
                component="h3"
                variant="subtitle2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 0.75 }}
              >
                {createElement(groupIconFor(group), { fontSize: 'small', 'aria-hidden': true })}
                {translate(`app.menu.groups.${group}`, { _: humanise(group) })}
              </Typography>
              <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
                {entries.map((entry) => (
                  <li key={entry.key}>
                    <Chip
                      component={RouterLink}
                      to={entry.to}
                      clickable
                      variant="outlined"
                      size="small"
                      icon={createElement(entry.icon, { fontSize: 'small' })}
                      label={
                        entry.view
                          ? viewLabel(translate, entry.resource, entry.view)
                          : getResourceLabel(entry.resource, 2)
                      }
                    />
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
