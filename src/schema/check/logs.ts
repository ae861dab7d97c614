import type { EntitySchema } from '../types';
import { quoted } from './context';
import { pointerTo, schemaFile, type SchemaProblem } from './problems';

/**
 * The activity log (`audit_event`) and the change history (`change_history`) name the entities
 * whose rows they hold in their `entity` enum: an entity with `x-audit` or `x-resource.history`
 * must be among them, and each value must name an entity.
 */

export const AUDIT_ENTITY = 'audit_event';
export const HISTORY_ENTITY = 'change_history';

const POINTER = '/properties/entity/enum';

export function logProblems(entities: ReadonlyMap<string, EntitySchema>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const logs = [
    [AUDIT_ENTITY, 'x-audit', (entity: EntitySchema) => auditPointer(entity)],
    [HISTORY_ENTITY, 'x-resource.history', (entity: EntitySchema) => historyPointer(entity)],
  ] as const;
  for (const [log, keyword, pointerOf] of logs) {
    const listed = entities.get(log)?.properties.entity?.enum;
    for (const entity of entities.values()) {
      const pointer = pointerOf(entity);
      if (pointer === undefined || listed?.includes(entity.$id)) continue;
      const message = listed
        ? `${keyword} needs ${quoted(entity.$id)} in ${schemaFile(log)}#${POINTER}`
        : `${keyword} needs the ${log} entity, with an entity enum`;
      problems.push({ file: schemaFile(entity.$id), pointer, message });
    }
    listed?.forEach((name, i) => {
      if (!entities.has(String(name)))
        problems.push({
          file: schemaFile(log),
          pointer: pointerTo(POINTER, i),
          message: `unknown entity ${quoted(name)}`,
        });
    });
  }
  return problems;
}

/** The first property of the entity with `x-audit`, if any. */
function auditPointer(entity: EntitySchema): string | undefined {
  const audited = Object.entries(entity.properties).find(([, property]) => property['x-audit'] !== undefined);
  return audited && pointerTo('/properties', audited[0], 'x-audit');
}

const historyPointer = (entity: EntitySchema) =>
  entity['x-resource'].history === true ? '/x-resource/history' : undefined;
