import type { ThemeOptions } from '@mui/material/styles';
import { valueStyles } from './valueStyles';

/**
 * The portal's look, as plain theme options so that both the public pages (MUI only) and the
 * back office (react-admin's theme on top) start from the same palette. Colours are chosen for
 * at least 4.5:1 contrast of text on them.
 */

export const BRAND = {
  primary: '#0b4f6c',
  primaryDark: '#07364a',
  secondary: '#8a4b08',
  background: '#f4f6f8',
} as const;

const FONT_LTR = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const FONT_RTL = '"Segoe UI", Tahoma, "Noto Sans Arabic", "Geeza Pro", system-ui, Arial, sans-serif';

/** Theme options for a text direction; MUI mirrors its components when `direction` is `rtl`. */
export function brandThemeOptions(direction: 'ltr' | 'rtl'): ThemeOptions {
  return {
    direction,
    palette: {
      mode: 'light',
      primary: { main: BRAND.primary, dark: BRAND.primaryDark, contrastText: '#ffffff' },
      secondary: { main: BRAND.secondary, contrastText: '#ffffff' },
      // MUI's own info and warning blues and oranges reach only 3.9:1 and 3.1:1 on white (outlined chips).
      info: { main: '#01579b', contrastText: '#ffffff' },
      warning: { main: '#b34700', contrastText: '#ffffff' },
      background: { default: BRAND.background, paper: '#ffffff' },
      text: { primary: '#1a2027', secondary: '#4a5560' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: direction === 'rtl' ? FONT_RTL : FONT_LTR,
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.5rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: { styleOverrides: valueStyles },
      MuiAppBar: { defaultProps: { color: 'primary', elevation: 1 } },
      MuiButton: { defaultProps: { disableElevation: true } },
      // The required marker is drawn by CSS from the input's own `required`, so a label's text is
      // the field's name alone ("Amount", not "Amount *") for assistive technology and tests alike.
      MuiInputLabel: { defaultProps: { required: false } },
      // A checkbox named by `aria-label` (react-admin's row selection) carries the name on its input,
      // which assistive technology reads, rather than on the span around it, which may not have one.
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: () => ({ 'aria-label': undefined }),
            input: (ownerState) => ({
              ...ownerState.inputProps,
              'aria-label': ownerState['aria-label'] ?? ownerState.inputProps?.['aria-label'],
            }),
          },
        },
      },
      MuiFormControl: {
        styleOverrides: {
          root: { '&:has(input:required, textarea:required) > .MuiInputLabel-root::after': { content: '"\\2009*"' } },
        },
      },
    },
  };
}
