import { ownGate } from '../../../schema/access';
import DoneAll from '@mui/icons-material/DoneAll';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useContext, useState } from 'react';
import {
  Loading,
  Title,
  useGetList,
  useLocaleState,
  useNotify,
  usePermissions,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { EntityRecord } from '../../../generated/entities';
import { getEntitySchema } from '../../../schema/registry';
import type { PortalPermissions } from '../../data/authProvider';
import { canOpen } from '../../resources/access';
import { formatDate } from '../../resources/format';
import { enumLabelKey, fieldLabelKey } from '../../forms/uiSchema';
import OwnEdit from '../own/OwnEdit';
import { OwnApiContext } from '../own/ownApi';
import { ownTitle } from '../own/ownLabels';
import { rowRange } from '../../resources/list/rowRange';

type NotificationRow = EntityRecord<'notification'>;

const PER_PAGE = 10;

/** The title and message in the reader's language (Arabic when there is one). */
const inLanguage = (row: NotificationRow, language: string) =>
  language === 'ar'
    ? { title: row.title_ar || row.title, body: row.body_ar || row.body }
    : { title: row.title || row.title_ar, body: row.body || row.body_ar };

/** The type and date columns give way on a phone: each row shows them above its title instead. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function NotificationTable() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const notify = useNotify();
  const [page, setPage] = useState(0);
  const [update, { isPending: marking }] = useUpdate<NotificationRow>();
  const api = useContext(OwnApiContext);
  const [markingAll, setMarkingAll] = useState(false);
  const list = useGetList<NotificationRow>('notification', {
    pagination: { page: page + 1, perPage: PER_PAGE },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const unread = useGetList<NotificationRow>('notification', {
    pagination: { page: 1, perPage: 1 },
    filter: { read: false },
  });

  const markRead = (row: NotificationRow) =>
    update(
      'notification',
      { id: row.id, data: { read: true }, previousData: row },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.account.notifications.marked_read', { type: 'info' });
          void list.refetch();
          void unread.refetch();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'app.message.generic_error'),
      },
    );

  const markAllRead = async () => {
    setMarkingAll(true);
    try {
      await api.request('/notifications/read-all', { method: 'POST', body: {} });
      notify('app.account.notifications.marked_all_read', { type: 'info' });
      void list.refetch();
      void unread.refetch();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'app.message.generic_error', { type: 'error' });
    } finally {
      setMarkingAll(false);
    }
  };

  if (list.isPending) return <Loading />;
  if (list.error) return <Alert severity="error">{list.error.message}</Alert>;
  const rows = list.data ?? [];
  const total = list.total ?? 0;
  const label = (field: string) => translate(fieldLabelKey('notification', field));

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
        <Typography variant="h2" component="h1">
          {translate('app.account.notifications.title')}
        </Typography>
        {unread.total ? (
          <>
            <Chip
              color="primary"
              size="small"
              label={translate('app.account.notifications.unread', { smart_count: unread.total })}
            />
            <Button
              size="small"
              startIcon={<DoneAll />}
              disabled={markingAll}
              onClick={() => void markAllRead()}
              sx={{ marginInlineStart: 'auto' }}
            >
              {translate('app.account.notifications.mark_all_read')}
            </Button>
          </>
        ) : null}
      </Box>
      <Card>
        {rows.length === 0 ? (
          <Typography sx={{ p: 3 }}>{translate('app.account.notifications.empty')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={WIDE_ONLY}>{label('type')}</TableCell>
                <TableCell>{translate('app.account.notifications.title')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{label('created_at')}</TableCell>
                <TableCell>{label('read')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const { title, body } = inLanguage(row, language);
                const type = (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate(enumLabelKey('notification', 'type', row.type))}
                  />
                );
                const received = row.created_at && formatDate(row.created_at, language, true);
                return (
                  <TableRow key={row.id} sx={row.read ? undefined : { bgcolor: 'action.hover' }}>
                    <TableCell sx={WIDE_ONLY}>{type}</TableCell>
                    <TableCell>
                      <Box
                        sx={{
                          display: { xs: 'flex', sm: 'none' },
                          flexWrap: 'wrap',
                          alignItems: 'center',
                          gap: 1,
                          mb: 0.5,
                        }}
                      >
                        {type}
                        <Typography variant="caption" color="text.secondary">
                          {received}
                        </Typography>
                      </Box>
                      <Typography variant="body2" sx={{ fontWeight: row.read ? 400 : 700 }}>
                        <bdi>{title}</bdi>
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <bdi>{body}</bdi>
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{received}</TableCell>
                    <TableCell>
                      {/* An open envelope for a read notification, a closed one with its dot for an unread one. */}
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                        {row.read ? (
                          <DraftsOutlined fontSize="small" color="disabled" aria-hidden />
                        ) : (
                          <MarkEmailUnread fontSize="small" color="primary" aria-hidden />
                        )}
                        {translate(`app.account.notifications.${row.read ? 'read_state' : 'unread_state'}`)}
                      </Box>
                      {row.read ? null : (
                        <Button
                          size="small"
                          startIcon={<DraftsOutlined />}
                          disabled={marking}
                          onClick={() => markRead(row)}
                          aria-label={`${translate('app.account.notifications.mark_read')}: ${title ?? ''}`}
                          sx={{ display: 'flex', mt: 0.5, whiteSpace: 'nowrap' }}
                        >
                          {translate('app.account.notifications.mark_read')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {total > PER_PAGE && (
          <TablePagination
            component="div"
            count={total}
            page={page}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[]}
            onPageChange={(_event, next) => setPage(next)}
            labelDisplayedRows={({ from, to, count }) => rowRange(translate, from, to, count)}
            getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          />
        )}
      </Card>
    </>
  );
}

/**
 * `/account/notification` (SPEC §2): the merchant's notifications, newest first, each marked read
 * with one click; and, for those who may change them, the notification settings (push for
 * sub-users, payment e-mails, the webhook URL) — the own record of `notification_setting`.
 */
export default function NotificationsPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  const settings = getEntitySchema('notification_setting');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 3 }}>
      <Title title={translate('app.account.notifications.title')} />
      <section>
        <NotificationTable />
      </section>
      {canOpen(ownGate(settings), permissions) && (
        <section>
          <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
            {ownTitle(settings, translate)}
          </Typography>
          <OwnEdit entity={settings.$id} inline />
        </section>
      )}
    </Box>
  );
}
