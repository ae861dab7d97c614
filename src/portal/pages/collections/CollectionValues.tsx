import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Box from '@mui/material/Box';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router';
import { getEntitySchema } from '../../../schema/registry';
import type { Tone } from '../../../schema/tones';
import {
  COLLECTIONS_REMIND_ENDPOINT,
  KIND_ENTITIES,
  type CollectionBucket,
  type CollectionRow,
} from '../../../shared/collections';
import { formatDay, formatDateTime } from '../../../shared/dates';
import { formatKwd } from '../../../shared/money';
import { formatNumber } from '../../resources/format';
import { RecordActionButton } from '../../resources/RecordActionButton';
import { screenPath } from '../../resources/screenPaths';
import { StatusChip } from '../../resources/StatusChip';
import { http } from '../../shell/providers';
import { UNBROKEN_CLASS } from '../../theme/valueStyles';

/** A row of the collections view as react-admin holds it. */
export type CollectionRecord = CollectionRow & RaRecord;

/** The tone of each age: what is not due yet is quiet, the oldest the loudest. */
export const BUCKET_TONES: Readonly<Record<CollectionBucket, Tone>> = {
  not_due: 'default',
  days_1_30: 'info',
  days_31_60: 'warning',
  days_61_90: 'warning',
  days_over_90: 'error',
};

/** An amount in KWD in the user's language, exact to the fils, on one line. */
export function Kwd({ amount }: { amount: string }) {
  const [language = 'en'] = useLocaleState();
  return <span className={UNBROKEN_CLASS}>{formatKwd(amount, language)}</span>;
}

/** Who owes it, and what: the customer or tenant, the reference and its kind, a tenant's ending contract marked. */
export function Debtor({ record }: { record: CollectionRecord }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, gap: 0.25 }}>
      <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {record.customer_name ?? translate('app.collections.nobody')}
      </Box>
      <Box
        component="span"
        sx={{ color: 'text.secondary', typography: 'body2', display: 'flex', flexWrap: 'wrap', columnGap: 1 }}
      >
        <span className={UNBROKEN_CLASS}>{record.reference_no}</span>
        <span>{translate(`app.collections.kinds.${record.kind}`)}</span>
      </Box>
      {record.contract_expiring && (
        <span>
          <StatusChip label={translate('app.collections.contract_expiring')} tone="warning" />
        </span>
      )}
    </Box>
  );
}

/** How overdue it is, as words ("12 days overdue", "Due in 3 days"), in its age's tone. */
export function Overdue({ record }: { record: CollectionRecord }) {
  const translate = useTranslate();
  const days = record.days_overdue;
  const label =
    days === 0
      ? translate('app.collections.due_today')
      : days > 0
        ? translate('app.collections.overdue_days', { smart_count: days })
        : translate('app.collections.due_in', { smart_count: -days });
  return <StatusChip label={label} tone={BUCKET_TONES[record.bucket]} />;
}

/** The due date in the user's language. */
export function DueDate({ record }: { record: CollectionRecord }) {
  const [language = 'en'] = useLocaleState();
  return <span className={UNBROKEN_CLASS}>{formatDay(record.due_date, language)}</span>;
}

/** When the last reminder went, or that none did. */
export function LastReminder({ record }: { record: CollectionRecord }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  if (!record.last_reminder_at) return <span>{translate('app.collections.never')}</span>;
  return <span>{formatDateTime(record.last_reminder_at, language)}</span>;
}

/** A count in the user's language. */
export function Count({ value }: { value: number }) {
  const [language = 'en'] = useLocaleState();
  return <span className={UNBROKEN_CLASS}>{formatNumber(value, language)}</span>;
}

/** The row's actions: send a reminder (once a day, to someone to send it to), and open its record. */
export function RowActions({ record }: { record: CollectionRecord }) {
  const translate = useTranslate();
  const entity = getEntitySchema(KIND_ENTITIES[record.kind]);
  const [language = 'en'] = useLocaleState();
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      {record.can_remind && (
        <RecordActionButton
          compact
          icon={<NotificationsActiveOutlined />}
          label={translate('app.collections.remind')}
          question={translate('app.collections.remind_confirm', {
            name: record.customer_name ?? '',
            amount: formatKwd(record.amount, language),
            reference: record.reference_no,
          })}
          done={{ message: 'app.collections.reminded' }}
          perform={() => http.post(COLLECTIONS_REMIND_ENDPOINT, { id: record.id })}
        />
      )}
      <Box
        component={Link}
        to={screenPath(entity, 'show', record.open_id)}
        onClick={(event) => event.stopPropagation()}
        sx={{ color: 'primary.main', typography: 'button', textDecoration: 'none', px: 1, whiteSpace: 'nowrap' }}
      >
        {translate('app.collections.open')}
      </Box>
    </Box>
  );
}
