import type { Language } from '../shared/i18n';
import type { Queryable } from './db/database';
import type { RecordOf } from './storage/entity-rows';

/**
 * What else happens when a record is created, changed or moves status through the generic routes:
 * an invoice sends its SMS and makes its parts, a subscription sends its link. Each effect runs inside
 * the write's transaction (so a failing effect undoes the write) and may return the record as it
 * now stands; messages it queued leave once the transaction has committed. An effect of an entity
 * the code names gets that entity's records (`onCreate('invoice', (scope, invoice) => …)`).
 */

export interface EffectScope {
  tx: Queryable;
  merchantId: number;
  /** The language of the request that caused the change. */
  language: Language;
  /** Who made the change, as the change history names them. */
  actor?: string;
  /** Whether the merchant's admin or an employee made the change (unset for the system's own). */
  role?: 'admin' | 'employee';
}

/** Runs after `record` was created; returns the record again when it changed it. */
export type CreateEffect<N extends string = string> = (
  scope: EffectScope,
  record: RecordOf<N>,
) => Promise<RecordOf<N> | void>;

/** Runs after `record` was changed by a write from `previous`; throws to refuse the change. */
export type UpdateEffect<N extends string = string> = (
  scope: EffectScope,
  record: RecordOf<N>,
  previous: RecordOf<N>,
) => Promise<RecordOf<N> | void>;

/** Runs before `record` is deleted through the API, in the delete's transaction; throws to refuse it. */
export type DeleteEffect<N extends string = string> = (scope: EffectScope, record: RecordOf<N>) => Promise<void>;

/** Runs after the action `action` moved `record` (already written) to its new status. */
export type TransitionEffect<N extends string = string> = (
  scope: EffectScope,
  record: RecordOf<N>,
  action: string,
) => Promise<RecordOf<N> | void>;

/**
 * Effects by entity name. The one place effects of different entities share a list: an effect is
 * filed under its entity's name and only ever run with records of that entity, so each list holds
 * effects of the type its name says.
 */
class EffectLists {
  private readonly lists = new Map<string, unknown[]>();

  add(entity: string, effect: unknown): void {
    this.lists.set(entity, [...(this.lists.get(entity) ?? []), effect]);
  }

  /** The effects filed under `entity`, as the type of that entity's effects (see above). */
  of<Effect>(entity: string): Effect[] {
    return (this.lists.get(entity) ?? []) as Effect[];
  }

  /** These lists as they stand now; effects added to either later stay out of the other. */
  copy(): EffectLists {
    const copy = new EffectLists();
    for (const [entity, effects] of this.lists) copy.lists.set(entity, [...effects]);
    return copy;
  }
}

export class Effects {
  constructor(
    private readonly created = new EffectLists(),
    private readonly updated = new EffectLists(),
    private readonly transitioned = new EffectLists(),
    private readonly deleting = new EffectLists(),
  ) {}

  /**
   * The effects registered so far, to which more can be added without adding them here: the demo
   * seed runs with the messaging effects before the server registers its own.
   */
  copy(): Effects {
    return new Effects(this.created.copy(), this.updated.copy(), this.transitioned.copy(), this.deleting.copy());
  }

  onCreate<N extends string>(entity: N, effect: CreateEffect<N>): void {
    this.created.add(entity, effect);
  }

  onUpdate<N extends string>(entity: N, effect: UpdateEffect<N>): void {
    this.updated.add(entity, effect);
  }

  /** Whether writes of `entity` have effects (the route then reads the record as it was first). */
  hasUpdateEffects(entity: string): boolean {
    return this.updated.of(entity).length > 0;
  }

  onDelete<N extends string>(entity: N, effect: DeleteEffect<N>): void {
    this.deleting.add(entity, effect);
  }

  /** Whether deletes of `entity` have effects (the route then reads the record first). */
  hasDeleteEffects(entity: string): boolean {
    return this.deleting.of(entity).length > 0;
  }

  async beforeDelete<N extends string>(entity: N, scope: EffectScope, record: RecordOf<N>): Promise<void> {
    for (const effect of this.deleting.of<DeleteEffect<N>>(entity)) await effect(scope, record);
  }

  onTransition<N extends string>(entity: N, effect: TransitionEffect<N>): void {
    this.transitioned.add(entity, effect);
  }

  async afterCreate<N extends string>(entity: N, scope: EffectScope, record: RecordOf<N>): Promise<RecordOf<N>> {
    let current = record;
    for (const effect of this.created.of<CreateEffect<N>>(entity)) current = (await effect(scope, current)) ?? current;
    return current;
  }

  async afterUpdate<N extends string>(
    entity: N,
    scope: EffectScope,
    record: RecordOf<N>,
    previous: RecordOf<N>,
  ): Promise<RecordOf<N>> {
    let current = record;
    for (const effect of this.updated.of<UpdateEffect<N>>(entity))
      current = (await effect(scope, current, previous)) ?? current;
    return current;
  }

  async afterTransition<N extends string>(
    entity: N,
    scope: EffectScope,
    record: RecordOf<N>,
    action: string,
  ): Promise<RecordOf<N>> {
    let current = record;
    for (const effect of this.transitioned.of<TransitionEffect<N>>(entity))
      current = (await effect(scope, current, action)) ?? current;
    return current;
  }
}
