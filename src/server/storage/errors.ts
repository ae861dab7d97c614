import type { ErrorObject } from 'ajv';
import type { PropertySchema } from '../../schema/types';

/** Storage outcomes the HTTP layer turns into responses. */

/** A value that must be unique (an e-mail used to sign in) is already taken. */
export class UniqueConflict extends Error {
  constructor(readonly field: string) {
    super(`The value of ${field} is already in use`);
    this.name = 'UniqueConflict';
  }
}

/**
 * A write the other records forbid (a duplicate name, an unknown or refused reference, a limit
 * reached, a record still in use): `status` 400 or 409, the catalogue `key` of the message, and the
 * field it is about when there is one.
 */
export class RecordRefused extends Error {
  constructor(
    readonly status: 400 | 409,
    readonly key: string,
    readonly field?: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(`${key}${field ? ` (${field})` : ''}`);
    this.name = 'RecordRefused';
  }

  /** The same refusal reported on another field (a child's field within its parent's body). */
  on(field: string): RecordRefused {
    return new RecordRefused(this.status, this.key, field, this.params);
  }
}

/** A child record sent inline with its parent (`x-children`) fails the child's create schema. */
export class ChildInvalid extends Error {
  constructor(
    /** Where the child sits in the parent's body, e.g. `units.2`. */
    readonly path: string,
    /** The child's create schema: its `x-messages` choose the messages. */
    readonly schema: PropertySchema,
    readonly errors: ErrorObject[],
  ) {
    super(`Invalid child record at ${path}`);
    this.name = 'ChildInvalid';
  }
}

/** An action of `x-transitions` asked of a record whose status does not allow it. */
export class TransitionRefused extends Error {
  constructor(
    readonly entity: string,
    /** The status property and its current value. */
    readonly property: string,
    readonly status: unknown,
  ) {
    super(`Not possible while ${entity}.${property} is ${String(status)}`);
    this.name = 'TransitionRefused';
  }
}
