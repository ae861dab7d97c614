import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { getEntitySchema } from '../../schema/registry';
import type { PortalPermissions } from '../data/authProvider';
import { canOpen } from '../resources/access';

/** Documents are flagged this many days before they expire. */
export const EXPIRY_WARNING_DAYS = 30;
/** Where the merchant reviews its compliance (SPEC §2). */
export const COMPLIANCE_PATH = '/sub-merchants/compliance';

const ONE = { pagination: { page: 1, perPage: 1 } };
/** Documents still in force: rejected ones are counted apart, deleted ones no longer matter. */
const IN_FORCE = ['pending', 'approved'];

/** Today plus `days`, as the API's date filters take it. */
function dayFromNow(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * SPEC §8's warning that compliance documents are invalid or nearing expiry: shown while any of
 * the merchant's documents is rejected, expired or expires within 30 days, with the way to the
 * compliance screen. Asks nothing of users who may not open the documents.
 */
export function ComplianceBanner() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  const enabled = canOpen(getEntitySchema('document'), permissions);
  const expiring = useGetList(
    'document',
    { ...ONE, filter: { verification_status: IN_FORCE, expiry_date_lte: dayFromNow(EXPIRY_WARNING_DAYS) } },
    { enabled },
  );
  const rejected = useGetList('document', { ...ONE, filter: { verification_status: 'rejected' } }, { enabled });
  if (!enabled || !(expiring.total || rejected.total)) return null;
  return (
    <Alert
      severity="warning"
      icon={<WarningAmber />}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button component={Link} to={COMPLIANCE_PATH} color="inherit" size="small">
          {translate('app.compliance_banner.action')}
        </Button>
      }
    >
      {translate('app.compliance_banner.message')}
    </Alert>
  );
}
