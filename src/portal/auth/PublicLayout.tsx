import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useLanguage } from '../shell/LanguageProvider';

/** Sets the browser tab's title: "<screen> · Bawaba". */
export function useDocumentTitle(title: string): void {
  const { translate } = useLanguage();
  useEffect(() => {
    document.title = `${title} · ${translate('app.name')}`;
  }, [title, translate]);
}

/**
 * Frame of the pages seen before signing in: the brand, the language switch and one card with the
 * screen's title as the page heading.
 */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const { language, setLanguage, translate } = useLanguage();
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {translate('app.name')}
            </Typography>
            <Typography variant="caption" component="p" sx={{ opacity: 0.9 }}>
              {translate('app.tagline')}
            </Typography>
          </Box>
          <LanguageSwitch
            value={language}
            onChange={(next) => void setLanguage(next)}
            label={translate('app.language.label')}
          />
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          p: 2,
          pt: { xs: 3, sm: 8 },
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 440 }} variant="outlined">
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
