import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import type { Language } from '../../shared/i18n';
import { lazyWithReload } from '../data/chunkReload';
import { LANGUAGE_NAMES } from '../data/i18nProvider';

/** The menu loads on first use: the pages seen before sign-in stay small. */
const LanguageMenu = lazyWithReload(() => import('./LanguageMenu'));

export interface LanguageSwitchProps {
  value: Language;
  onChange: (language: Language) => void;
  /** Name of the control ("Language"), in the current language. */
  label: string;
}

const MENU_ID = 'language-menu';

/**
 * The language button of the app bar (public pages and back office alike): it names the current
 * language and opens a menu of the languages, each written in its own script.
 */
export function LanguageSwitch({ value, onChange, label }: LanguageSwitchProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        aria-label={`${label}: ${LANGUAGE_NAMES[value]}`}
        aria-haspopup="menu"
        aria-controls={anchor ? MENU_ID : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<Translate />}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {LANGUAGE_NAMES[value]}
        </Box>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={MENU_ID}
            anchor={anchor}
            value={value}
            onClose={() => setAnchor(null)}
            onSelect={(language) => {
              setAnchor(null);
              if (language !== value) onChange(language);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
