import { alpha, type CSSObject, type Theme } from '@mui/material/styles';
import type { ButtonHTMLAttributes, ReactElement } from 'react';
import { useTranslate } from 'react-admin';

/** The class of a button of a list's toolbar (`ToolbarButton`), styled by `toolbarButtonStyles`. */
export const TOOL_CLASS = 'bw-tool';

/**
 * A button of a list's toolbar (Columns, Views, Export): its icon and label, the label hidden on a
 * phone where the icon stands alone and the label stays its name. A plain button under the
 * toolbar's one style, where react-admin's would be a styled button, a tooltip and a ripple each,
 * and a media query of its own to choose between them.
 */
export function ToolbarButton({
  label,
  icon,
  ...button
}: {
  /** The button's message key. */
  label: string;
  icon: ReactElement;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  const translate = useTranslate();
  const text = translate(label, { _: label });
  return (
    <button type="button" className={TOOL_CLASS} aria-label={text} title={text} {...button}>
      {icon}
      <span className={`${TOOL_CLASS}-label`}>{text}</span>
    </button>
  );
}

/**
 * The look of the toolbar's buttons, once for the toolbar (its `sx`, where bare numbers of padding
 * and radius are theme units, so lengths are written in pixels): MUI's small text button in the
 * brand's colour, with its icon before the label; on a phone, a round icon button of 48 px.
 */
export function toolbarButtonStyles(theme: Theme): CSSObject {
  const { palette, typography, breakpoints, spacing, transitions } = theme;
  return {
    [`& .${TOOL_CLASS}`]: {
      ...typography.button,
      fontSize: typography.pxToRem(13),
      lineHeight: 1.5,
      display: 'inline-flex',
      alignItems: 'center',
      gap: spacing(1),
      minWidth: 64,
      padding: '4px 5px',
      margin: 0,
      border: 0,
      borderRadius: `${theme.shape.borderRadius}px`,
      background: 'none',
      color: palette.primary.main,
      cursor: 'pointer',
      transition: transitions.create('background-color', { duration: transitions.duration.short }),
      '&:hover': { backgroundColor: alpha(palette.primary.main, palette.action.hoverOpacity) },
      '&:focus-visible': {
        outline: `2px solid ${palette.primary.main}`,
        outlineOffset: 1,
      },
      '&:disabled': { color: palette.action.disabled, cursor: 'default', backgroundColor: 'transparent' },
      '& > svg': { width: 18, height: 18, flexShrink: 0, fill: 'currentColor' },
      [breakpoints.down('sm')]: {
        minWidth: 0,
        padding: '12px',
        borderRadius: '50%',
        '& > svg': { width: 24, height: 24 },
        [`& > .${TOOL_CLASS}-label`]: { display: 'none' },
      },
    },
  };
}
