import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from './copyText';

/** Whether a value is a web address to show as a link (payment links, webhook addresses). */
export const isWebAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/**
 * A web address as a link that opens in a new tab, with a button that copies it (a payment link is
 * pasted into a chat more often than it is opened). Clicks stay here, not on a list row around it.
 */
export function LinkValue({ href }: { href: string }) {
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
        sx={{ whiteSpace: 'nowrap' }}
      >
        {href}
      </Link>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={(event) => void copy(event)}>
          <ContentCopy fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
