/** Storage outcomes the HTTP layer turns into responses. */

/** A value that must be unique (an e-mail used to sign in) is already taken. */
export class UniqueConflict extends Error {
  constructor(readonly field: string) {
    super(`The value of ${field} is already in use`);
    this.name = 'UniqueConflict';
  }
}
