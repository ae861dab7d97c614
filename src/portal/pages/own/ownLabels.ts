import type { EntitySchema } from '../../../schema/types';
import type { Translate } from '../../forms/translate';
import { sectionLabel } from '../../resources/sections';

/**
 * Titles of the own-record screens: `resources.<entity>.own.title` ("Profile"), `.own.edit`
 * ("Edit profile") and `.own.sections.<name>` ("Payment settings"), each falling back to what the
 * schema already names (the entity, the section's field labels).
 */

export function ownTitle(entity: EntitySchema, translate: Translate): string {
  return translate(`resources.${entity.$id}.own.title`, {
    _: translate(`resources.${entity.$id}.name`, { smart_count: 1 }),
  });
}

export function ownEditTitle(entity: EntitySchema, translate: Translate): string {
  return translate(`resources.${entity.$id}.own.edit`, { _: ownTitle(entity, translate) });
}

export function ownSectionTitle(entity: EntitySchema, name: string, translate: Translate): string {
  const fields = entity['x-resource'].own?.sections?.[name]?.fields ?? [];
  return translate(`resources.${entity.$id}.own.sections.${name}`, { _: sectionLabel(entity, fields, translate) });
}
