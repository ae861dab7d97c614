import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useLanguage } from '../shell/LanguageProvider';
import { brandThemeOptions } from './brand';
import { emotionCacheFor } from './emotionCaches';

/**
 * Right to left needs three things together: `<html dir>` (set by the i18n provider), the theme's
 * `direction`, and an emotion cache that mirrors the CSS. All three follow the current language.
 */
export function PortalThemeProvider({ children }: { children: ReactNode }) {
  const { direction } = useLanguage();
  const theme = useMemo(() => createTheme(brandThemeOptions(direction)), [direction]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
