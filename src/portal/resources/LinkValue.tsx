import ContentCopy from '@mui/icons-material/ContentCopy';
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useState, type MouseEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { PropertySchema } from '../../schema/types';
import { copyText } from './copyText';
import { QrDialog } from './QrDialog';

/** Whether a value is a web address to show as a link (payment links, webhook addresses). */
export const isWebAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/**
 * Whether a property holds a link the product generates for payers (an invoice's payment link, a
 * sale list's link: `x-generated` `payment_link` or `link`), shown with its QR code.
 */
export function isPayerLink(property: PropertySchema | undefined): boolean {
  const generated: unknown = property?.['x-generated'];
  const name = typeof generated === 'string' ? generated : generated && Object.keys(generated)[0];
  return name === 'payment_link' || name === 'link';
}

/**
 * A web address as a link that opens in a new tab, with a button that copies it (a payment link is
 * pasted into a chat more often than it is opened) and, with `qr` (a payer's link), one that shows
 * its QR code, printable. Clicks stay here, not on a list row around it.
 */
export function LinkValue({ href, qr = false }: { href: string; qr?: boolean }) {
  const [showQr, setShowQr] = useState(false);
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async (event: MouseEvent) => {
    event.stopPropagation();
    const copied = await copyText(href);
    notify(copied ? 'app.link.copied' : 'app.link.not_copied', { type: copied ? 'success' : 'warning' });
  };
  const label = translate('app.link.copy');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        dir="ltr"
        onClick={(event) => event.stopPropagation()}
        sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
      >
        {href}
      </Link>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={(event) => void copy(event)}>
          <ContentCopy fontSize="inherit" />
        </IconButton>
      </Tooltip>
      {qr && (
        <>
          <Tooltip title={translate('app.link.qr')}>
            <IconButton
              size="small"
              aria-label={translate('app.link.qr')}
              onClick={(event) => {
                event.stopPropagation();
                setShowQr(true);
              }}
            >
              <QrCode2 fontSize="inherit" />
            </IconButton>
          </Tooltip>
          <QrDialog href={href} open={showQr} onClose={() => setShowQr(false)} />
        </>
      )}
    </Box>
  );
}
