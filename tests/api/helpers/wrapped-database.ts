import type { ServerContext } from '../../../src/server/context';
import type { Database, Queryable } from '../../../src/server/db/database';

/**
 * The server's database handle wrapped, to run a flow as it would go in circumstances a test
 * cannot otherwise arrange: cut short after a number of statements (a server dying mid-work), or
 * inside one transaction rolled back at the end (what the flow would do, without doing it).
 */

/** Thrown at the first statement past a wrapped database's budget. */
export class Interrupted extends Error {
  constructor(readonly statements: number) {
    super(`Interrupted after ${statements} statements`);
  }
}

/**
 * `ctx` with a database that runs `budget` statements, then throws `Interrupted` at every later one
 * without sending it: the transaction under way rolls back and what was committed stays, as when a
 * server dies between two statements. `interrupted()` tells whether the budget ran out, `statements()`
 * how many ran.
 */
export function failingAfter(
  ctx: ServerContext,
  budget: number,
): { ctx: ServerContext; interrupted(): boolean; statements(): number } {
  let statements = 0;
  const counted = (target: Queryable): Queryable => ({
    query(sql, params) {
      if (statements >= budget) return Promise.reject(new Interrupted(statements));
      statements += 1;
      return target.query(sql, params);
    },
  });
  const db: Database = {
    ...counted(ctx.db),
    driver: ctx.db.driver,
    transaction: (fn) => ctx.db.transaction((tx) => fn(counted(tx))),
    close: () => Promise.reject(new Error('The wrapped database is not closed by the flow')),
  };
  return { ctx: { ...ctx, db }, interrupted: () => statements >= budget, statements: () => statements };
}

const ROLLBACK = Symbol('rollback');

/**
 * What `work` would leave, read by `inspect`, without leaving it: both run in one transaction that
 * is rolled back afterwards; each transaction `work` opens is a savepoint in it.
 */
export async function dryRun<T>(
  ctx: ServerContext,
  work: (ctx: ServerContext) => Promise<unknown>,
  inspect: (q: Queryable) => Promise<T>,
): Promise<T> {
  let result: { value: T } | null = null;
  try {
    await ctx.db.transaction(async (outer) => {
      let savepoints = 0;
      const db: Database = {
        query: (sql, params) => outer.query(sql, params),
        driver: ctx.db.driver,
        async transaction(fn) {
          const name = `dry_run_${++savepoints}`;
          await outer.query(`savepoint ${name}`);
          try {
            const value = await fn(outer);
            await outer.query(`release savepoint ${name}`);
            return value;
          } catch (error) {
            await outer.query(`rollback to savepoint ${name}`);
            throw error;
          }
        },
        close: () => Promise.reject(new Error('The wrapped database is not closed by the flow')),
      };
      await work({ ...ctx, db });
      result = { value: await inspect(outer) };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  if (!result) throw new Error('The dry run ended without a result');
  return (result as { value: T }).value;
}
