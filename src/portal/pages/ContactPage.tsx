import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BackToSignInLink } from '../auth/BackToSignInLink';
import { PublicLayout } from '../auth/PublicLayout';
import { useLanguage } from '../shell/LanguageProvider';

/** How to reach support: the same in every language (the labels around them are translated). */
export const SUPPORT = { phone: '+965 1800 222', email: 'support@bawaba.example' } as const;

/** Support's phone, e-mail, address and working hours, as both layouts of the page show them. */
export function ContactDetails({ translate }: { translate: (key: string) => string }) {
  const entries: [label: string, value: ReactNode][] = [
    [
      translate('app.contact.phone'),
      <Link key="phone" href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`} dir="ltr">
        {SUPPORT.phone}
      </Link>,
    ],
    [
      translate('app.contact.email'),
      <Link key="email" href={`mailto:${SUPPORT.email}`} dir="ltr">
        {SUPPORT.email}
      </Link>,
    ],
    [translate('app.contact.address'), translate('app.contact.address_value')],
    [translate('app.contact.hours'), translate('app.contact.hours_value')],
  ];
  return (
    <>
      <Typography>{translate('app.contact.intro')}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {entries.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

/**
 * `/account/contact` (SPEC §2), "Contact Us", on the public layout, so it can be read before
 * signing in; a signed-in user sees it inside the back office instead (`ContactScreen`).
 */
export default function ContactPage() {
  const { translate } = useLanguage();
  return (
    <PublicLayout title={translate('app.contact.title')}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <ContactDetails translate={translate} />
        <BackToSignInLink />
      </Box>
    </PublicLayout>
  );
}
