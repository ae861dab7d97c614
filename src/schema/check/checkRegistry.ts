import { entitySchemas } from '../registry';
import type { EntitySchema } from '../types';
import type { CrossCheck } from './context';
import { checkFormats } from './formats';
import { checkGates } from './gates';
import { logProblems } from './logs';
import { checkPropertyNames, checkResourceNames, checkRuleNames } from './names';
import { SchemaError, schemaFile, type SchemaProblem } from './problems';
import { subschemas } from './subschemas';
import { vocabularyProblems } from './vocabulary';

/**
 * The check of the entity schemas served together, run where the registry is used in Node — by
 * the generator (`npm run generate`, so `npm run build`), the server's start (`buildApp`) and the
 * tests — and never in the browser. First each schema against the meta-schema of the vocabulary,
 * then what the meta-schema cannot say: that the names in the keywords lead somewhere.
 */

const CROSS_CHECKS: readonly CrossCheck[] = [
  checkGates,
  checkResourceNames,
  checkPropertyNames,
  checkRuleNames,
  checkFormats,
];

/** Every problem of the schemas; none when they can be served. */
export function registryProblems(entities: readonly EntitySchema[]): SchemaProblem[] {
  const shapes = entities.flatMap((entity) => vocabularyProblems(entity, schemaFile(entity.$id)));
  // The cross-checks read the keywords as the meta-schema shapes them.
  if (shapes.length > 0) return shapes;
  const byId = new Map(entities.map((entity) => [entity.$id, entity]));
  const problems: SchemaProblem[] = [];
  for (const entity of entities) {
    const file = schemaFile(entity.$id);
    const context = {
      entity,
      entities: byId,
      subschemas: subschemas(entity),
      report: (pointer: string, message: string) => problems.push({ file, pointer, message }),
    };
    for (const check of CROSS_CHECKS) check(context);
  }
  return [...problems, ...logProblems(byId)];
}

/**
 * Fails with every problem, each with its file and JSON pointer, unless the schemas (the
 * registry's by default) keep to the vocabulary and name only what exists.
 */
export function checkRegistry(entities: readonly EntitySchema[] = Object.values(entitySchemas)): void {
  const problems = registryProblems(entities);
  if (problems.length > 0) throw new SchemaError(problems);
}
