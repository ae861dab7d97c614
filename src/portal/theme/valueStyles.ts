import { alpha, darken, type Theme } from '@mui/material/styles';
import type { CSSObject } from '@mui/material/styles';

/** The class of a status chip (`StatusChip`); its `data-tone` and `data-size` choose the look. */
export const CHIP_CLASS = 'bw-chip';

/** The class of a value that reads badly broken across lines (an amount, a date, a reference). */
export const UNBROKEN_CLASS = 'bw-unbroken';

const TONES = ['success', 'warning', 'error', 'info'] as const;

/**
 * The look of values shown in many places at once, as global rules of the theme's baseline: a
 * status chip is a rounded outline; a toned one has text a shade darker than the tone on a light
 * wash of it, for at least 4.5:1 contrast; an unbroken value stays on one line with figures of
 * one width.
 */
export function valueStyles(theme: Theme): CSSObject {
  const toned = Object.fromEntries(
    TONES.map((tone) => [
      `.${CHIP_CLASS}[data-tone="${tone}"]`,
      {
        backgroundColor: alpha(theme.palette[tone].main, 0.1),
        color: darken(theme.palette[tone].main, 0.25),
        borderColor: alpha(theme.palette[tone].main, 0.4),
      },
    ]),
  );
  return {
    [`.${UNBROKEN_CLASS}`]: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    [`.${CHIP_CLASS}`]: {
      display: 'inline-block',
      maxWidth: '100%',
      boxSizing: 'border-box',
      height: 24,
      lineHeight: '22px',
      paddingInline: 8,
      borderRadius: 12,
      border: `1px solid ${theme.palette.mode === 'light' ? '#bdbdbd' : '#616161'}`,
      fontSize: theme.typography.pxToRem(13),
      color: theme.palette.text.primary,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'middle',
    },
    [`.${CHIP_CLASS}[data-size="medium"]`]: {
      height: 32,
      lineHeight: '30px',
      paddingInline: 12,
      borderRadius: 16,
      fontSize: theme.typography.pxToRem(14),
    },
    [`.${CHIP_CLASS}[data-tone]`]: { fontWeight: 600 },
    [`.${CHIP_CLASS}[data-tone="default"]`]: { backgroundColor: theme.palette.action.hover },
    ...toned,
  };
}
