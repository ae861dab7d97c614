import Box from '@mui/material/Box';
import { Title, usePermissions, useTranslate } from 'react-admin';
import type { PortalPermissions } from '../../data/authProvider';
import { ChangePasswordCard } from './ChangePasswordCard';
import { TwoFactorCard } from './TwoFactorCard';

/** Security (`/account/security`), for every signed-in account: its password and its two-factor. */
export default function SecurityPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, maxWidth: 720 }}>
      <Title title={translate('app.security.title')} />
      <TwoFactorCard isAdmin={permissions?.role === 'admin'} />
      <ChangePasswordCard />
    </Box>
  );
}
