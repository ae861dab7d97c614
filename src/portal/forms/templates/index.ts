import type { TemplatesType } from '@rjsf/utils';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';

/**
 * Our templates, registered once over @rjsf/mui's (which supply the rest). Created at module level
 * so rjsf sees the same registry on every render (a new object would remount the fields).
 */
export const formTemplates: Partial<TemplatesType> = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  ObjectFieldTemplate,
};
