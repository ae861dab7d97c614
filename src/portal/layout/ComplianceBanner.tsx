import Close from '@mui/icons-material/Close';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import { alpha, darken, lighten, type CSSObject, type Theme } from '@mui/material/styles';
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
 * The banner's look, once for the banner (in its `sx`, bare numbers of padding are theme units, so
 * lengths are written in pixels): MUI's standard warning alert, its action a small text button and
 * its dismissal a small round icon button, as rules on plain elements.
 */
function bannerStyles(theme: Theme): CSSObject {
  const { palette, typography, shape, transitions } = theme;
  const text = darken(palette.warning.light, 0.6);
  const button: CSSObject = {
    display: 'inline-flex',
    alignItems: 'center',
    border: 0,
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    textDecoration: 'none',
    transition: transitions.create('background-color', { duration: transitions.duration.short }),
    '&:hover': { backgroundColor: alpha(text, palette.action.hoverOpacity) },
    '&:focus-visible': { outline: `2px solid ${text}`, outlineOffset: 1 },
  };
  return {
    ...typography.body2,
    display: 'flex',
    alignItems: 'center',
    marginBottom: '16px',
    padding: '6px 16px',
    borderRadius: `${shape.borderRadius}px`,
    color: text,
    backgroundColor: lighten(palette.warning.light, 0.9),
    '& > svg': { flexShrink: 0, width: 22, height: 22, marginRight: '12px', color: palette.warning.main },
    '& > p': { margin: 0, padding: '8px 0', minWidth: 0 },
    '& > span': {
      display: 'flex',
      alignItems: 'center',
      gap: '4px',
      marginLeft: 'auto',
      paddingLeft: '16px',
      marginRight: '-8px',
    },
    '& .bw-banner-action': {
      ...button,
      ...typography.button,
      fontSize: typography.pxToRem(13),
      padding: '4px 5px',
      borderRadius: `${shape.borderRadius}px`,
    },
    '& .bw-banner-dismiss': {
      ...button,
      padding: '5px',
      borderRadius: '50%',
      '& > svg': { width: 20, height: 20, fill: 'currentColor' },
    },
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
    <Box role="alert" sx={bannerStyles}>
      <WarningAmber />
      <p>{translate('app.compliance_banner.message')}</p>
      <span>
        <Link className="bw-banner-action" to={COMPLIANCE_PATH}>
          {translate('app.compliance_banner.action')}
        </Link>
        <button
          type="button"
          className="bw-banner-dismiss"
          aria-label={dismissLabel}
          title={dismissLabel}
          onClick={dismiss}
        >
          <Close />
        </button>
      </span>
    </Box>
  );
}
