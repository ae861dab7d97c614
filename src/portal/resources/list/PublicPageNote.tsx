import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import type { EntitySchema } from '../../../schema/types';
import { useSessionSlice } from '../../data/session';
import { LinkValue } from '../LinkValue';

/** The address of the merchant's public page a list names (`x-list.publicPage`), or null. */
export function publicPageAddress(entity: EntitySchema, merchantId: number | undefined, origin: string): string | null {
  const page = entity['x-list'].publicPage;
  if (!page || merchantId === undefined) return null;
  return `${origin}${page.path.replace('{merchant}', String(merchantId))}`;
}

/**
 * Above a list whose payers have a public page of the merchant's (`x-list.publicPage`: the page
 * where tenants ask for their lost link again): what the page is for, its address, a button that
 * copies it and its QR code, to pass on or print.
 */
export function PublicPageNote({ entity }: { entity: EntitySchema }) {
  const translate = useTranslate();
  const account = useSessionSlice('account');
  const address = publicPageAddress(entity, account.user_details?.merchant.id, window.location.origin);
  if (!address) return null;
  return (
    <Alert severity="info" sx={{ m: 2, mb: 1, '& .MuiAlert-message': { minWidth: 0 } }}>
      <Box component="p" sx={{ m: 0, mb: 0.5 }}>
        {translate(`resources.${entity.$id}.public_page`)}
      </Box>
      <LinkValue href={address} qr />
    </Alert>
  );
}
