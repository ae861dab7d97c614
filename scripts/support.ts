/**
 * Support-team actions on a merchant, from the command line (never from the merchant's portal):
 *
 *   npm run support -- services <merchant e-mail>                  lists the merchant's services
 *   npm run support -- service <merchant e-mail> <service> on|off  switches one service
 *   npm run support -- multi-vendor <merchant e-mail> on|off       flags the merchant as multi-vendor or not
 *   npm run support -- hold-transfers <merchant e-mail> <reason>   holds the merchant's payment transfers
 *   npm run support -- release-transfers <merchant e-mail>         releases them (paid out by the next day's run)
 *
 * It works on the database the server uses (DATA_DIR or DATABASE_URL). The embedded database
 * admits one process at a time: stop the server first, or use PostgreSQL.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { readConfig } from '../src/server/config';
import { createContext } from '../src/server/create-context';
import type { Database } from '../src/server/db/database';
import { openDatabase } from '../src/server/db/open';
import { servicesOfMerchant, SupportError, switchMultiVendor, switchService } from '../src/server/support/services';
import { holdMerchantTransfers, releaseMerchantTransfers } from '../src/server/support/transfers';
import type { Services } from '../src/shared/services';

const USAGE =
  'usage: npm run support -- services <e-mail> | service <e-mail> <service> on|off | multi-vendor <e-mail> on|off' +
  ' | hold-transfers <e-mail> <reason> | release-transfers <e-mail>';

/** A logger that says nothing: the command prints its own answer. */
const silent: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silent,
};

/** The product's services over `db`, for actions that write through the entities' stores. */
const contextOf = (db: Database) => createContext(db, {}, silent);

function print(email: string, services: Services): void {
  console.log(`Services of ${email}:`);
  for (const [flag, on] of Object.entries(services)) console.log(`  ${flag.padEnd(22)} ${on ? 'on' : 'off'}`);
}

async function main(args: string[]): Promise<number> {
  const [command, email, flag, state] = args;
  const config = readConfig();
  const run = async (action: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) => {
    const db = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') },
    );
    try {
      await action(db);
    } finally {
      await db.close();
    }
  };
  if (command === 'services' && email) {
    await run(async (db) => print(email, await servicesOfMerchant(db, email)));
    return 0;
  }
  if (command === 'service' && email && flag && (state === 'on' || state === 'off')) {
    await run(async (db) => print(email, await switchService(db, email, flag, state === 'on')));
    return 0;
  }
  if (command === 'multi-vendor' && email && (flag === 'on' || flag === 'off')) {
    await run(async (db) => {
      const on = await switchMultiVendor(db, email, flag === 'on');
      console.log(`${email} is ${on ? '' : 'not '}a multi-vendor merchant`);
    });
    return 0;
  }
  if (command === 'hold-transfers' && email && args.length > 2) {
    await run(async (db) => {
      const held = await holdMerchantTransfers(await contextOf(db), email, args.slice(2).join(' '));
      console.log(`Transfers of ${email} are on hold (${held} not yet transferred)`);
    });
    return 0;
  }
  if (command === 'release-transfers' && email) {
    await run(async (db) => {
      const released = await releaseMerchantTransfers(await contextOf(db), email);
      console.log(`Transfers of ${email} are released (${released} to be transferred)`);
    });
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof SupportError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
