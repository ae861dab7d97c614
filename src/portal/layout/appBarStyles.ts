import { alpha, type CSSObject, type Theme } from '@mui/material/styles';

/** The class of the app bar (`PortalAppBar`) and, suffixed, of its parts. */
export const BAR_CLASS = 'bw-bar';

/**
 * The look of the app bar, once for the bar (its `sx`, where bare numbers of padding and radius
 * are theme units, so lengths are written in pixels): MUI's primary app bar with react-admin's
 * heights (48 px, 56 px on a phone, as the layout's frame leaves room for), its icon buttons
 * round (48 px on a phone, a finger's width) and its text buttons those of MUI in the bar's colour.
 */
export function appBarStyles(theme: Theme): CSSObject {
  const { palette, typography, breakpoints, zIndex, shadows, transitions } = theme;
  const hover = { backgroundColor: alpha(palette.primary.contrastText, 0.1) };
  const button: CSSObject = {
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: 0,
    margin: 0,
    border: 0,
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    transition: transitions.create('background-color', { duration: transitions.duration.short }),
    '&:hover': hover,
    '&:focus-visible': { outline: `2px solid ${palette.primary.contrastText}`, outlineOffset: -2 },
    '& > svg': { width: 24, height: 24, flexShrink: 0, fill: 'currentColor' },
  };
  return {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    zIndex: zIndex.appBar,
    display: 'flex',
    alignItems: 'center',
    minHeight: 48,
    padding: '0 8px',
    boxSizing: 'border-box',
    backgroundColor: palette.primary.main,
    color: palette.primary.contrastText,
    boxShadow: shadows[1],
    [breakpoints.down('sm')]: { minHeight: 56 },
    [`& .${BAR_CLASS}-icon`]: {
      ...button,
      padding: '8px',
      marginRight: '3px',
      borderRadius: '50%',
      [breakpoints.down('sm')]: { padding: '12px' },
    },
    [`& .${BAR_CLASS}-text`]: {
      ...button,
      ...typography.button,
      gap: '8px',
      minWidth: 0,
      padding: '6px 8px',
      borderRadius: `${theme.shape.borderRadius}px`,
      [breakpoints.down('sm')]: {
        padding: '12px',
        borderRadius: '50%',
        [`& > .${BAR_CLASS}-label`]: { display: 'none' },
      },
    },
    [`& .${BAR_CLASS}-brand`]: {
      display: 'flex',
      alignItems: 'baseline',
      gap: '8px',
      marginRight: '24px',
      minWidth: 0,
      [breakpoints.down('sm')]: { display: 'none' },
    },
    [`& .${BAR_CLASS}-name`]: { ...typography.h6, fontWeight: 700, whiteSpace: 'nowrap', margin: 0 },
    [`& .${BAR_CLASS}-merchant`]: {
      ...typography.body2,
      opacity: 0.9,
      maxWidth: 220,
      margin: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
  };
}
