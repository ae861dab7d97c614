import type { Language } from '../shared/i18n';
import type { Queryable, Row } from './db/database';

/**
 * What else happens when a record is created, changed or moves status through the generic routes:
 * an invoice sends its SMS and makes its parts, a subscription sends its link. Each effect runs inside
 * the write's transaction (so a failing effect undoes the write) and may return the record as it
 * now stands; messages it queued leave once the transaction has committed.
 */

export interface EffectScope {
  tx: Queryable;
  merchantId: number;
  /** The language of the request that caused the change. */
  language: Language;
  /** Who made the change, as the change history names them. */
  actor?: string;
  /** Demo data being seeded: records get what they need (parts, links) but no message leaves. */
  quiet?: boolean;
}

/** Runs after `record` was created; returns the record again when it changed it. */
export type CreateEffect = (scope: EffectScope, record: Row) => Promise<Row | void>;

/** Runs after `record` was changed by a write from `previous`; throws to refuse the change. */
export type UpdateEffect = (scope: EffectScope, record: Row, previous: Row) => Promise<Row | void>;

/** Runs after the action `action` moved `record` (already written) to its new status. */
export type TransitionEffect = (scope: EffectScope, record: Row, action: string) => Promise<Row | void>;

export class Effects {
  private readonly created = new Map<string, CreateEffect[]>();
  private readonly updated = new Map<string, UpdateEffect[]>();
  private readonly transitioned = new Map<string, TransitionEffect[]>();

  onCreate(entity: string, effect: CreateEffect): void {
    this.created.set(entity, [...(this.created.get(entity) ?? []), effect]);
  }

  onUpdate(entity: string, effect: UpdateEffect): void {
    this.updated.set(entity, [...(this.updated.get(entity) ?? []), effect]);
  }

  /** Whether writes of `entity` have effects (the route then reads the record as it was first). */
  hasUpdateEffects(entity: string): boolean {
    return (this.updated.get(entity)?.length ?? 0) > 0;
  }

  onTransition(entity: string, effect: TransitionEffect): void {
    this.transitioned.set(entity, [...(this.transitioned.get(entity) ?? []), effect]);
  }

  async afterCreate(entity: string, scope: EffectScope, record: Row): Promise<Row> {
    let current = record;
    for (const effect of this.created.get(entity) ?? []) current = (await effect(scope, current)) ?? current;
    return current;
  }

  async afterUpdate(entity: string, scope: EffectScope, record: Row, previous: Row): Promise<Row> {
    let current = record;
    for (const effect of this.updated.get(entity) ?? []) current = (await effect(scope, current, previous)) ?? current;
    return current;
  }

  async afterTransition(entity: string, scope: EffectScope, record: Row, action: string): Promise<Row> {
    let current = record;
    for (const effect of this.transitioned.get(entity) ?? [])
      current = (await effect(scope, current, action)) ?? current;
    return current;
  }
}
