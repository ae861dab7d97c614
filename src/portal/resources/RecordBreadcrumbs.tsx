import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useGetOne, usePermissions, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router';
import { allows } from '../../schema/operations';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import { humanise } from '../forms/translate';
import { mayDo } from './access';
import { useRecordTitle } from './recordTitle';
import { screenPath } from './screenPaths';
import { useScreenPlace } from './screenPlace';
import { viewLabel } from './views';

/** The screen below the record's page the breadcrumbs end at: its edit form, or a section's. */
export type RecordScreen = { edit: true } | { section: string; label: string } | null;

const crumbSx = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/**
 * Where a record's page or form sits: "Invoices › INV-2026-000040 › Edit", the list (or the view it
 * was opened from) linking to its address, the record by its human title linking to its page. The
 * separator points the way the text reads (‹ in Arabic); on a phone the trail wraps.
 */
export function RecordBreadcrumbs({ entity, below }: { entity: EntitySchema; below: RecordScreen }) {
  const translate = useTranslate();
  const { direction } = useTheme();
  const place = useScreenPlace();
  const { id } = useParams();
  const { permissions } = usePermissions<PortalPermissions>();
  const { data: record } = useGetOne(entity.$id, { id: id ?? '' }, { enabled: id !== undefined });
  const title = useRecordTitle(entity)(record);
  if (id === undefined) return null;
  const resource = entity.$id;
  const listLabel = place.view
    ? viewLabel(translate, resource, place.view)
    : translate(`resources.${resource}.name`, { smart_count: 2, _: humanise(resource) });
  const recordLabel = (
    <bdi>{title ?? translate(`resources.${resource}.name`, { smart_count: 1, _: humanise(resource) })}</bdi>
  );
  const showable = allows(entity, 'show') && mayDo(entity, 'show', permissions);
  const crumbs: ReactNode[] = [];
  if (allows(entity, 'list'))
    crumbs.push(
      <MuiLink key="list" component={Link} to={screenPath(entity, 'list', undefined, place)} sx={crumbSx}>
        {listLabel}
      </MuiLink>,
    );
  if (below && showable)
    crumbs.push(
      <MuiLink key="record" component={Link} to={screenPath(entity, 'show', id, place)} sx={crumbSx}>
        {recordLabel}
      </MuiLink>,
    );
  else
    crumbs.push(
      <Typography key="record" color="text.primary" aria-current={below ? undefined : 'page'} sx={crumbSx}>
        {recordLabel}
      </Typography>,
    );
  if (below)
    crumbs.push(
      <Typography key="below" color="text.primary" aria-current="page" sx={crumbSx}>
        {'section' in below ? below.label : translate('ra.action.edit')}
      </Typography>,
    );
  return (
    <MuiBreadcrumbs
      aria-label={translate('app.breadcrumbs')}
      separator={direction === 'rtl' ? '‹' : '›'}
      sx={{ px: { xs: 1, sm: 0 }, pt: 1, pb: 0.5, '& .MuiBreadcrumbs-ol': { rowGap: 0.5 } }}
    >
      {crumbs}
    </MuiBreadcrumbs>
  );
}
