import { alpha, type CSSObject, type Theme } from '@mui/material/styles';
import { MENU_CLASSES } from './MenuLink';

/**
 * The menu's look (the `sx` of react-admin's menu, where spacing is written in the theme's units), one rule for all its entries (`MenuLink`, `MenuGroup`): MUI's menu item in
 * figures (padding, sizes, hover and focus washes) on plain elements. A long label ("Incomplete
 * transactions", "Property management") wraps onto a second line rather than being cut off; a
 * group's entries are smaller and indented; the current screen's entry is marked in the brand's
 * colour. Folded to icons, the labels are hidden (their names show as tooltips).
 */
export function menuStyles(theme: Theme): CSSObject {
  const { palette, typography, spacing } = theme;
  const { item, icon, label, active, group } = MENU_CLASSES;
  return {
    [`& .${item}`]: {
      ...typography.body1,
      lineHeight: 1.3,
      display: 'flex',
      alignItems: 'center',
      boxSizing: 'border-box',
      minHeight: 40,
      padding: spacing(0.75, 2),
      color: palette.text.secondary,
      textDecoration: 'none',
      cursor: 'pointer',
      outline: 'none',
      userSelect: 'none',
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { backgroundColor: palette.action.focus },
    },
    [`& .${icon}`]: {
      display: 'inline-flex',
      flexShrink: 0,
      minWidth: spacing(5),
      color: palette.text.secondary,
    },
    [`& .${label}`]: { flexGrow: 1, minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' },
    [`& .${group}`]: { fontWeight: 500 },
    [`& [role="group"] .${item}`]: {
      ...typography.body2,
      lineHeight: 1.3,
      minHeight: 32,
      paddingTop: spacing(0.5),
      paddingBottom: spacing(0.5),
      paddingLeft: spacing(4),
    },
    [`& [role="group"] .${icon}`]: { minWidth: spacing(3.5) },
    [`& .${active}`]: {
      color: palette.primary.main,
      fontWeight: 600,
      backgroundColor: alpha(palette.primary.main, palette.action.selectedOpacity),
    },
    [`& .${active} .${icon}`]: { color: palette.primary.main },
    '&.RaMenu-closed': {
      [`& .${label}`]: { display: 'none' },
      [`& [role="group"] .${item}`]: { paddingLeft: spacing(2) },
    },
  };
}
