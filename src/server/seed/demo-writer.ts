import type { EntityCreate, EntityName, EntityRecord, EntityServerValues } from '../../generated/entities';
import { asOf } from '../../schema/calendar';
import { allows } from '../../schema/operations';
import { transitionsOf } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ValidationFailed } from '../kernel/validation';
import type { ChangeOf } from '../storage/entity-rows';
import { storeOf } from '../storage/entity-stores';

/**
 * Every demo record is written through here, and checked as an API write is: the values a client
 * could send against the entity's create schema (`<entity>.create`, what `POST` validates), and the
 * record as stored, with the values only the server sets, against its record schema
 * (`<entity>.record`). Both are checked as of the record's `created_at`, when its write is made to
 * have happened (a document valid for four months then, a send time then to come). A demo record
 * that an API write would refuse stops the seed.
 */

/** What each demo record of N is: the values a client sends, and those only the server sets. */
export interface Demo<N extends EntityName> {
  values: EntityCreate<N>;
  system?: EntityServerValues<N>;
}

/** At least one item, as an array with `minItems: 1` holds; throws when there is none. */
export function nonEmpty<T>(items: readonly T[], what: string): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error(`Demo ${what} has none`);
  return [first, ...rest];
}

/** The instant a record's write is made to have happened: its `created_at`, else now. */
function writtenAt(system: object | undefined): Date {
  const created = system && 'created_at' in system ? system.created_at : undefined;
  return typeof created === 'string' ? new Date(created) : new Date();
}

export class DemoWriter {
  constructor(
    /** The context the demo's payment flows run with (`seedFlowContext`). */
    readonly ctx: ServerContext,
    readonly tx: Queryable,
    readonly merchantId: number,
  ) {}

  /**
   * Creates a demo record of `entity`. With `effects`, what the API's create also does runs too
   * (an invoice's parts and links, its message queued in the seed's outbox).
   */
  async create<N extends EntityName>(
    entity: N,
    { values, system }: Demo<N>,
    { effects = false } = {},
  ): Promise<EntityRecord<N>> {
    const at = writtenAt(system);
    // A record only the server creates (a transaction) has no create to check; its record is checked below.
    if (allows(this.schemaOf(entity), 'create')) this.check(`${entity}.create`, values, at);
    const store = storeOf(this.ctx, entity);
    let record = await store.create(this.tx, this.merchantId, values, system);
    if (effects) {
      const scope = { tx: this.tx, merchantId: this.merchantId, language: 'en' as const };
      record = await this.ctx.effects.afterCreate(entity, scope, record);
    }
    this.check(`${entity}.record`, record, at);
    return record;
  }

  /** Changes values only the server sets of a demo record (a transaction a refund was taken from). */
  async change<N extends EntityName>(
    entity: N,
    id: number,
    system: EntityServerValues<N> & ChangeOf<N>,
    at: Date = new Date(),
  ): Promise<EntityRecord<N>> {
    const record = await storeOf(this.ctx, entity).update(this.tx, this.merchantId, id, system, 'patch');
    if (!record) throw new Error(`Demo ${entity} ${id} is missing`);
    this.check(`${entity}.record`, record, at);
    return record;
  }

  /**
   * Moves a demo record's status by the action `action` of `x-transitions`, with what the API's
   * action also does (an invoice marked paid settles its cash payment). Refused, as the API
   * refuses it, from a status the action does not start from.
   */
  async transition<N extends EntityName>(entity: N, id: number, action: string, at: Date): Promise<EntityRecord<N>> {
    const property = transitionsOf(this.schemaOf(entity)).find((t) => t.action === action)?.property;
    if (!property) throw new Error(`Demo ${entity} has no action ${action}`);
    const moved = await storeOf(this.ctx, entity).transition(this.tx, this.merchantId, id, property, action);
    if (!moved) throw new Error(`Demo ${entity} ${id} is missing`);
    const scope = { tx: this.tx, merchantId: this.merchantId, language: 'en' as const };
    const record = await this.ctx.effects.afterTransition(entity, scope, moved, action);
    this.check(`${entity}.record`, record, at);
    return record;
  }

  /**
   * Replaces the merchant's own record of `entity` (`x-resource.own`): `values` as `PUT` sends
   * them (`<entity>.update`), `system` the values only the server sets.
   */
  async own<N extends EntityName>(entity: N, { values, system }: Demo<N>): Promise<void> {
    const at = new Date();
    this.check(`${entity}.update`, values, at);
    const record = await this.ctx.own.replace(this.tx, this.schemaOf(entity), this.merchantId, values, system);
    this.check(`${entity}.record`, record, at);
  }

  /** The merchant's records of `entity` that `filter` matches, by id (the children a create made). */
  find<N extends EntityName>(entity: N, filter: Record<string, unknown>): Promise<EntityRecord<N>[]> {
    return storeOf(this.ctx, entity).page(this.tx, this.merchantId, { filter, sort: ['id', 'ASC'], range: [0, 999] });
  }

  private schemaOf(name: EntityName): EntitySchema {
    const found = this.ctx.entities.find((entity) => entity.$id === name);
    if (!found) throw new Error(`Demo data needs the ${name} entity`);
    return found;
  }

  /** Checks `value` against the schema `id` as of `at`; an invalid one throws, naming what is wrong. */
  private check(id: string, value: unknown, at: Date): void {
    try {
      asOf(at, () => this.ctx.validator.check(id, value));
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      const problems = error.errors.map((problem) => `${problem.instancePath || '/'} ${problem.message ?? ''}`);
      throw new Error(`Demo data refused by ${id}: ${problems.join('; ')} in ${JSON.stringify(value)}`, {
        cause: error,
      });
    }
  }
}
