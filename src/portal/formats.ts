import { formatOf, type KnownFormat } from '../schema/formats';
import type { PropertySchema } from '../schema/types';
import type { FormWidgetName } from './forms/widgets';

/** How the portal asks for, shows and filters a value of one format. */
export interface PortalFormat {
  /** The form's widget, registered under this name in `formWidgets`; rjsf's text box otherwise. */
  widget?: FormWidgetName;
  /** The input's type: the keyboard a phone shows; e-mail, url and tel boxes read left to right. */
  inputType?: 'url' | 'tel';
  /** What the browser may fill the box with. */
  autocomplete?: 'email' | 'tel';
  /** Typed left to right in an Arabic form too (a list of addresses, an IP address). */
  leftToRight?: boolean;
  /**
   * How lists and record pages show it: amounts and dates in the user's language, kept on one line
   * (a range filter asks for amounts or dates accordingly); the rest as written.
   */
  display: 'money' | 'date' | 'date-time' | 'text';
}

/**
 * One entry per format the schemas may use: a format added to `schema/formats.ts` fails the type
 * check here until the portal knows how to handle it. (rjsf itself gives `email` and `uri` their
 * input types; `date-time` values are set by the server.)
 */
export const PORTAL_FORMATS: Record<KnownFormat, PortalFormat> = {
  kwd: { widget: 'money', display: 'money' },
  mobile: { inputType: 'tel', autocomplete: 'tel', display: 'text' },
  'strong-password': { widget: 'password', display: 'text' },
  'email-list': { leftToRight: true, display: 'text' },
  'webhook-url': { inputType: 'url', display: 'text' },
  email: { autocomplete: 'email', display: 'text' },
  uri: { inputType: 'url', display: 'text' },
  date: { widget: 'date', display: 'date' },
  'date-time': { display: 'date-time' },
  ipv4: { leftToRight: true, display: 'text' },
};

const PLAIN: PortalFormat = { display: 'text' };

/** How the portal handles the property's format; plain text without one. */
export function portalFormatOf(property: PropertySchema | undefined): PortalFormat {
  const format = property && formatOf(property);
  return format ? PORTAL_FORMATS[format] : PLAIN;
}
