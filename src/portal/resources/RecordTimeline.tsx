import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { LinearProgress, useGetList, usePermissions, useRecordContext, type Identifier } from 'react-admin';
import { timelineSources } from '../../schema/recordPage';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import { enumLabelKey, fieldLabelKey } from '../forms/uiSchema';
import { humanise } from '../forms/translate';
import { mayDo } from './access';
import { formatDate } from './format';
import { displayText, propertyAt, useDisplay } from './RecordValue';
import { timelineEntries, type TimelineEntry } from './timeline';
import { usePortalEntities } from './usePortalEntities';

/** Most entries of each log a page shows; the logs' own screens have the rest. */
const SHOWN = 25;

type Row = Record<string, unknown>;

/** The rows one log holds about a record, newest first; none when the log is not read. */
function useLogRows(log: string, read: boolean, entity: string, id: Identifier | undefined, sort: string) {
  const { data, isPending, error } = useGetList<Row & { id: Identifier }>(
    log,
    {
      filter: { entity, record_id: id },
      pagination: { page: 1, perPage: SHOWN },
      sort: { field: sort, order: 'DESC' },
    },
    { enabled: read && id !== undefined },
  );
  return { rows: read ? (data ?? []) : [], isPending: read && isPending, failed: read && Boolean(error) };
}

/**
 * The bottom of a record's page: what happened to the record, newest first, from its change
 * history (entities with `x-resource.history`) and, for those who may read it, the activity log —
 * who did it, what changed from what to what, and when. Left out when neither log is read.
 */
export function RecordTimeline({ entity }: { entity: EntitySchema }) {
  const record = useRecordContext();
  const entities = usePortalEntities();
  const { permissions } = usePermissions<PortalPermissions>();
  const display = useDisplay(entity);
  const { translate, language } = display;
  const sources = useMemo(() => timelineSources(entity, entities), [entity, entities]);
  const logOf = (name: string) => entities.find((candidate) => candidate.$id === name);
  const readsHistory = sources.history && mayDo(logOf('change_history') as EntitySchema, 'list', permissions);
  const readsActivity = sources.activity && mayDo(logOf('audit_event') as EntitySchema, 'list', permissions);
  const history = useLogRows('change_history', readsHistory, entity.$id, record?.id, 'changed_at');
  const activity = useLogRows('audit_event', readsActivity, entity.$id, record?.id, 'occurred_at');
  const entries = useMemo(() => timelineEntries(history.rows, activity.rows), [history.rows, activity.rows]);
  if (!record || (!readsHistory && !readsActivity)) return null;

  const fieldLabel = (field: string) => translate(fieldLabelKey(entity.$id, field), { _: humanise(field) });
  /** A logged value as the record's page shows it: an enum value by its label, an amount in KWD. */
  const valueText = (field: string | undefined, value: string | undefined) => {
    if (value === undefined) return '—';
    const property = field ? propertyAt(entity, field) : undefined;
    return (
      displayText(display, field ?? '', property, property?.type === 'boolean' ? value === 'true' : value) || value
    );
  };
  const headline = ({ what, field }: TimelineEntry) => {
    if (what.log === 'history' && what.event !== 'changed') return translate(`app.record.timeline.${what.event}`);
    if (field) return translate('app.record.timeline.changed', { field: fieldLabel(field) });
    return translate(enumLabelKey('audit_event', 'event', what.event), { _: humanise(what.event) });
  };

  return (
    <Box
      component="section"
      aria-labelledby="record-timeline"
      sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id="record-timeline" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('app.record.timeline.title')}
      </Typography>
      {history.isPending || activity.isPending ? (
        <LinearProgress />
      ) : history.failed || activity.failed ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.record.timeline.unavailable')}
        </Typography>
      ) : entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.record.timeline.empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => (
            <Box
              component="li"
              key={entry.key}
              sx={{
                position: 'relative',
                paddingInlineStart: 3,
                pb: 2,
                borderInlineStart: 2,
                borderColor: 'divider',
                marginInlineStart: 0.75,
                '&:last-of-type': { borderColor: 'transparent', pb: 0 },
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  insetInlineStart: -7,
                  top: 4,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: entry.what.log === 'history' ? 'primary.main' : 'secondary.main',
                },
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {headline(entry)}
              </Typography>
              {entry.field && (entry.from !== undefined || entry.to !== undefined) && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <bdi>{valueText(entry.field, entry.from)}</bdi>
                  {language === 'ar' ? ' ← ' : ' → '}
                  <bdi>{valueText(entry.field, entry.to)}</bdi>
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" component="p">
                <time dateTime={entry.at}>{formatDate(entry.at, language, true)}</time>
                {entry.who && (
                  <>
                    {' · '}
                    {translate('app.record.timeline.by', { name: '' })}
                    <bdi>{entry.who}</bdi>
                  </>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
