import type { Registry } from '@rjsf/utils';
import type { PortalPermissions } from '../data/authProvider';
import type { Translate } from './translate';

/** What every widget of a schema form may read from `registry.formContext`. */
export interface SchemaFormContext {
  /** The entity's `$id`, the root of its catalogue keys. */
  resource: string;
  language: string;
  translate: Translate;
  /**
   * Files chosen in file widgets, by property name. rjsf's data holds only the file's name (the
   * schema types the property as a string URL); the form adds the File itself when it submits, so
   * the data provider can send multipart.
   */
  files: Map<string, File>;
  /**
   * The signed-in user's access, for values that need a permission of their own (`x-permissions`);
   * left out by a form shown outside the signed-in portal, which then offers every value.
   */
  access?: PortalPermissions;
}

/** The form context of a widget, typed. */
export function formContextOf(registry: Registry): SchemaFormContext {
  return registry.formContext as SchemaFormContext;
}
