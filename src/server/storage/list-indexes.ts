import { createHash } from 'node:crypto';
import type { EntitySchema } from '../../schema/types';
import { filterKind, filterSchema } from '../../schema/variants';
import { columnsOf, ident } from './columns';
import { orderOf, searchText } from './list-query';

/**
 * The indexes a list needs, derived from `x-list`: one in the order of the default sort (a page of
 * the unfiltered list, or of a range of the sort column, is its first entries, and its total an
 * index-only count), one per equality filter followed by that same order (a report of one status
 * over a month reads 25 entries and counts the rest in the index), and one trigram index over the
 * free-text search (`q`), which a `%…%` pattern can use.
 */

/** Names of the properties a list filters on: its filters and those of its views and date rules. */
function filteredColumns(entity: EntitySchema): string[] {
  const names = Object.keys(filterSchema(entity).properties ?? {}).map((name) =>
    name in entity.properties ? name : name.replace(/_(gte|lte)$/, ''),
  );
  return [...new Set(names)].filter((name) => name !== 'id' && name in entity.properties);
}

/** Index names the server made before the lists' indexes followed their sort, now replaced. */
export function replacedIndexes(entity: EntitySchema): string[] {
  const table = entity['x-resource'].table;
  const names = new Set([entity['x-list'].sort[0], ...entity['x-list'].filters]);
  return [...names].map((name) => `${table}_merchant_${name}_idx`);
}

/**
 * `create index` statements of an entity's lists. `trigramOps` is the qualified operator class of
 * the trigram extension (`public.gin_trgm_ops`), or null where the database has none: the search
 * then works unindexed.
 */
export function listIndexes(entity: EntitySchema, trigramOps: string | null): string[] {
  const table = entity['x-resource'].table;
  const [sortField] = entity['x-list'].sort;
  const kinds = new Map(columnsOf(entity).map((column) => [column.name, column.kind]));
  const index = (name: string, columns: string) =>
    `create index if not exists ${ident(`${table}_${name}`)} on ${ident(table)} (merchant_id, ${columns})`;
  // The list's own ORDER BY, so that a page is the index's first entries.
  const sortKey = orderOf(entity, entity['x-list'].sort);
  const direction = entity['x-list'].sort[1].toLowerCase();
  const statements = [index(`list_by_${sortField}_${direction}_idx`, sortKey)];
  for (const name of filteredColumns(entity)) {
    const kind = kinds.get(name);
    if (name === sortField || kind === undefined || kind === 'json') continue;
    const filter = filterKind(name, entity.properties[name]);
    if (filter === 'equals') statements.push(index(`list_${name}_idx`, `${ident(name)}, ${sortKey}`));
    else if (filter === 'range') statements.push(index(`list_${name}_idx`, ident(name)));
  }
  const text = searchText(entity);
  if (text && trigramOps) {
    // Named for the columns it covers, so a changed `x-list.search` gets an index of its own.
    const version = createHash('sha256').update(text).digest('hex').slice(0, 8);
    statements.push(
      `create index if not exists ${ident(`${table}_search_${version}_idx`)} on ${ident(table)} using gin (${text} ${trigramOps})`,
    );
  }
  return statements;
}
