/**
 * The entity map of `src/generated/entities.ts`: every entity's generated type by its `$id`, and
 * the types derived from each schema the way the API derives its request and response schemas
 * (`src/schema/variants.ts`) — what a create may carry, what a record holds, what only the server
 * sets. Part of `npm run generate` (see `generate-types.ts`).
 */
import { childrenOf } from '../src/schema/relations';
import type { EntitySchema } from '../src/schema/types';
import { writableProperties } from '../src/schema/variants';

const WIDTH = 110;

/** The literal types of `names` joined into a union, one member per line (at `indent`) when too long for one. */
function union(names: readonly string[], indent: string, room: number): string {
  if (names.length === 0) return 'never';
  const members = names.map((name) => `'${name}'`);
  const line = members.join(' | ');
  return line.length <= room ? line : `\n${members.map((member) => `${indent}| ${member}`).join('\n')}`;
}

/** Properties no answer carries: `writeOnly` secrets and `x-children` arrays (see `recordSchema`). */
const hiddenProperties = (entity: EntitySchema) =>
  Object.entries(entity.properties)
    .filter(([, property]) => property.writeOnly || childrenOf(property))
    .map(([name]) => name);

/** The member `<entity>: <union of names>;` of a map of property names. */
function namesMember(entity: EntitySchema, names: readonly string[]): string {
  const head = `  ${entity.$id}:`;
  const joined = union(names, '    ', WIDTH - head.length - 2);
  return `${head}${joined.startsWith('\n') ? '' : ' '}${joined};`;
}

/**
 * The member of `EntityCreates` for `entity`: what a create may carry, as `writeSchema(entity,
 * 'create')` allows it — its writable properties, and each `x-children` array as creates of the
 * child without its key (required when the array must have items).
 */
function createMember(entity: EntitySchema, name: string): string {
  const writable = Object.entries(writableProperties(entity));
  const plain = writable.filter(([, property]) => !childrenOf(property)).map(([property]) => property);
  const children = writable.flatMap(([property, schema]) => {
    const spec = childrenOf(schema);
    if (!spec) return [];
    const item = `Omit<EntityCreates['${spec.entity}'], '${spec.key}'>`;
    return Number(schema.minItems ?? 0) > 0
      ? [`    ${property}: [${item}, ...${item}[]];`]
      : [`    ${property}?: ${item}[];`];
  });
  const head = `  ${entity.$id}: Pick<${name}, `;
  const room = WIDTH - head.length - (children.length > 0 ? 6 : 2);
  const names = union(plain, '    ', room);
  const picked = names.startsWith('\n')
    ? `  ${entity.$id}: Pick<\n    ${name},${union(plain, '    ', 0)}\n  >`
    : `${head}${names}>`;
  return children.length === 0 ? `${picked};` : `${picked} & {\n${children.join('\n')}\n  };`;
}

const DERIVED = `/** An entity's name: the \`$id\` of its schema. */
export type EntityName = keyof Entities;

/** What a create of entity \`N\` may carry (the body \`<N>.create\` validates). */
export type EntityCreate<N extends EntityName> = EntityCreates[N];

/**
 * A record of entity \`N\` as the API answers it and the stores read it (\`<N>.record\`): its id, and
 * each other property it has a value for. An unset property is left out, never null; secrets and
 * child arrays are never there.
 */
export type EntityRecord<N extends EntityName> = { id: number } & Partial<
  Omit<Entities[N], 'id' | HiddenProperties[N]>
>;

/** The values of entity \`N\` only the server sets (statuses, timestamps, generated references, secrets…). */
export type EntityServerValues<N extends EntityName> = Partial<Omit<Entities[N], 'id' | WritableProperties[N]>>;
`;

/**
 * The source of `entities.ts` for `schemas`.
 *
 * @param typeName the name of an entity's generated type
 * @param banner the "do not edit" comment every generated file starts with
 */
export function entityTypes(
  schemas: Record<string, EntitySchema>,
  typeName: (entity: EntitySchema) => string,
  banner: string,
): string {
  const entities = Object.values(schemas).sort((a, b) => a.$id.localeCompare(b.$id));
  const members = (member: (entity: EntitySchema) => string) => entities.map(member).join('\n');
  return `${banner}

${members((entity) => `import type { ${typeName(entity)} } from './${entity.$id}';`)}

/** Every entity, by the \`$id\` of its schema. */
export interface Entities {
${members((entity) => `  ${entity.$id}: ${typeName(entity)};`)}
}

/** The properties a client may write, by entity: all but \`readOnly\` ones and statuses moved by actions. */
export interface WritableProperties {
${members((entity) => namesMember(entity, Object.keys(writableProperties(entity))))}
}

/** The properties no answer carries, by entity: \`writeOnly\` secrets and \`x-children\` arrays. */
export interface HiddenProperties {
${members((entity) => namesMember(entity, hiddenProperties(entity)))}
}

/** What a create of each entity may carry. */
export interface EntityCreates {
${members((entity) => createMember(entity, typeName(entity)))}
}

${DERIVED}`;
}
