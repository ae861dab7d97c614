import { useCallback, useMemo } from 'react';
import { titleProperty } from '../../schema/recordPage';
import type { EntitySchema } from '../../schema/types';
import { displayText, propertyAt, useDisplay } from './RecordValue';
import { usePortalEntities } from './usePortalEntities';

type Values = Record<string, unknown>;

/**
 * The properties a record may be called by, best first: the schema's title hint in `language`
 * (`x-resource.title`, or the label references show it by), then in English (an Arabic name left
 * empty), then its list's first column.
 */
export function titleCandidates(entity: EntitySchema, entities: readonly EntitySchema[], language: string): string[] {
  const candidates = [
    titleProperty(entity, entities, language),
    titleProperty(entity, entities, 'en'),
    entity['x-list'].columns[0],
  ];
  return [...new Set(candidates.filter((name): name is string => Boolean(name)))];
}

/**
 * A record's human title (its reference or name, as shown in the user's language), or undefined
 * while it is unknown: what its page, its breadcrumbs and the app bar call it, never "#<id>".
 */
export function useRecordTitle(entity: EntitySchema): (record: Values | undefined) => string | undefined {
  const display = useDisplay(entity);
  const entities = usePortalEntities();
  const { language, translate } = display;
  const names = useMemo(() => titleCandidates(entity, entities, language), [entity, entities, language]);
  return useCallback(
    (record) => {
      if (!record) return undefined;
      const shown = { resource: entity.$id, language, translate };
      for (const name of names) {
        const text = displayText(shown, name, propertyAt(entity, name), record[name]);
        if (text !== '') return text;
      }
      return undefined;
    },
    [entity, names, language, translate],
  );
}
