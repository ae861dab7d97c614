/**
 * How the forms and screens ask for a message: react-admin's `translate` and the public pages'
 * catalogue lookup both fit (`%{name}` placeholders, `_` as the fallback text).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export { humanise } from '../../shared/i18n';
