import Close from '@mui/icons-material/Close';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { getEntitySchema } from '../../schema/registry';
import type { PortalPermissions } from '../data/authProvider';
import { canOpen } from '../resources/access';
import { flaggedKeys, isDismissed, readDismissed, writeDismissed } from './complianceDismissal';

/** Documents are flagged this many days before they expire. */
export const EXPIRY_WARNING_DAYS = 30;
/** Where the merchant reviews its compliance (SPEC §2). */
export const COMPLIANCE_PATH = '/sub-merchants/compliance';

/** The flagged documents are read (not only counted) so that a dismissal can name them. */
const FLAGGED = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };
/** Documents still in force: rejected ones are counted apart, deleted ones no longer matter. */
const IN_FORCE = ['pending', 'approved'];

/** Today plus `days`, as the API's date filters take it. */
function dayFromNow(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The banner's two lists: documents in force that expire within the warning days, and rejected ones. */
export function flaggedDocumentQueries() {
  return {
    expiring: {
      ...FLAGGED,
      filter: { verification_status: IN_FORCE, expiry_date_lte: dayFromNow(EXPIRY_WARNING_DAYS) },
    },
    rejected: { ...FLAGGED, filter: { verification_status: 'rejected' } },
  };
}

/**
 * SPEC §8's warning that compliance documents are invalid or nearing expiry: shown while any of
 * the merchant's documents is rejected, expired or expires within 30 days, with the way to the
 * compliance screen. Asks nothing of users who may not open the documents. It can be dismissed,
 * and comes back when a document it did not warn about is flagged (see complianceDismissal).
 */
export function ComplianceBanner() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  const enabled = canOpen(getEntitySchema('document'), permissions);
  const queries = useMemo(() => flaggedDocumentQueries(), []);
  const expiring = useGetList('document', queries.expiring, { enabled });
  const rejected = useGetList('document', queries.rejected, { enabled });
  const flagged = useMemo(
    () => flaggedKeys([...(expiring.data ?? []), ...(rejected.data ?? [])]),
    [expiring.data, rejected.data],
  );
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!enabled || !(expiring.total || rejected.total) || isDismissed(flagged, dismissed)) return null;
  const dismiss = () => {
    writeDismissed(flagged);
    setDismissed(flagged);
  };
  const dismissLabel = translate('app.compliance_banner.dismiss');
  return (
    <Alert
      severity="warning"
      icon={<WarningAmber />}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <>
          <Button component={Link} to={COMPLIANCE_PATH} color="inherit" size="small">
            {translate('app.compliance_banner.action')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={dismissLabel} title={dismissLabel} onClick={dismiss}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
    >
      {translate('app.compliance_banner.message')}
    </Alert>
  );
}
