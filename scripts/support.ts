/**
 * Support-team actions on a merchant, from the command line (never from the merchant's portal):
 *
 *   npm run support -- services <merchant e-mail>                  lists the merchant's services
 *   npm run support -- service <merchant e-mail> <service> on|off  switches one service
 *   npm run support -- multi-vendor <merchant e-mail> on|off       flags the merchant as multi-vendor or not
 *   npm run support -- fees <merchant e-mail>                      lists its admin charges and commission
 *   npm run support -- admin-charge <e-mail> <method> <charge>     sets the admin charge of a payment method
 *   npm run support -- sale-admin-charge <e-mail> <sale list> <method> <charge>
 *                                                                  sets it for one sale list's orders
 *   npm run support -- commission <e-mail> <method> [--from-volume <KWD>] <charge>
 *                                                                  sets the dynamic commission (a tier)
 *   npm run support -- hold-transfers <merchant e-mail> <reason>   holds the merchant's payment transfers
 *   npm run support -- release-transfers <merchant e-mail>         releases them (paid out by the next day's run)
 *
 * A charge is `--percent 2.5 --fixed 0.100 --min 0.050 --max 5.000`, any of them (the rest: none),
 * or `--remove` (back to the default admin charge; no commission). A sale list is named by its
 * reference (`SL-2026-000001`) or id; a method is card, apple_pay, google_pay or cash.
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
import { migrate } from '../src/server/storage/migrate';
import { entitySchemas } from '../src/schema/registry';
import { chargeOptions } from '../src/server/support/fee-options';
import {
  chargeText,
  describeFees,
  removeAdminCharge,
  removeCommission,
  removeSaleAdminCharge,
  setAdminCharge,
  setCommission,
  setSaleAdminCharge,
} from '../src/server/support/fees';
import { STATEMENT_LINES_BACKFILL } from '../src/server/ledger/statement-lines';
import { servicesOfMerchant, SupportError, switchMultiVendor, switchService } from '../src/server/support/services';
import { holdMerchantTransfers, releaseMerchantTransfers } from '../src/server/support/transfers';
import type { Services } from '../src/shared/services';

const USAGE = [
  'usage: npm run support -- services <e-mail> | service <e-mail> <service> on|off | multi-vendor <e-mail> on|off',
  '       | fees <e-mail> | admin-charge <e-mail> <method> <charge> | sale-admin-charge <e-mail> <sale list> <method> <charge>',
  '       | commission <e-mail> <method> [--from-volume <KWD>] <charge>',
  '       | hold-transfers <e-mail> <reason> | release-transfers <e-mail>',
  '  charge: --percent <n> --fixed <KWD> --min <KWD> --max <KWD> (any of them), or --remove',
].join('\n');

type Db = Awaited<ReturnType<typeof openDatabase>>;

/** Runs a fee command in one transaction and prints what it did. */
async function feeCommand(db: Db, args: string[]): Promise<boolean> {
  const [command, email, ...rest] = args;
  const ctx = await contextOf(db);
  const said = (done: string | number, what: string) =>
    console.log(typeof done === 'number' ? `${what}: ${done} removed` : `${what}: ${done}`);
  if (command === 'fees' && email && rest.length === 0) {
    for (const line of await describeFees(db, ctx, email)) console.log(line);
    return true;
  }
  const [first, second, ...more] = rest;
  if (command === 'admin-charge' && email && first) {
    const { values, remove } = chargeOptions(rest.slice(1));
    await db.transaction(async (tx) =>
      remove
        ? said(await removeAdminCharge(tx, ctx, email, first), `Admin charge of ${first}`)
        : said(chargeText(await setAdminCharge(tx, ctx, email, first, values)), `Admin charge of ${first}`),
    );
    return true;
  }
  if (command === 'sale-admin-charge' && email && first && second) {
    const { values, remove } = chargeOptions(more);
    const what = `Admin charge of ${second} for sale list ${first}`;
    await db.transaction(async (tx) =>
      remove
        ? said(await removeSaleAdminCharge(tx, ctx, email, first, second), what)
        : said(chargeText(await setSaleAdminCharge(tx, ctx, email, first, second, values)), what),
    );
    return true;
  }
  if (command === 'commission' && email && first) {
    const { values, remove } = chargeOptions(rest.slice(1), true);
    await db.transaction(async (tx) => {
      if (remove) return said(await removeCommission(tx, ctx, email, first), `Commission of ${first}`);
      const tier = await setCommission(tx, ctx, email, first, values);
      said(chargeText(tier), `Commission of ${first} from ${tier.monthly_volume_from} KWD a month`);
    });
    return true;
  }
  return false;
}

const FEE_COMMANDS = new Set(['fees', 'admin-charge', 'sale-admin-charge', 'commission']);

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

/**
 * The product's services over `db`, as a server builds them, for every action that writes through
 * the entities' stores: the change history, the activity log and the ledger follow what support
 * does as they follow the merchant. The database is migrated to the schemas first (a server not
 * started since an upgrade has not made the newest tables yet).
 */
async function contextOf(db: Database) {
  await migrate(db, Object.values(entitySchemas), STATEMENT_LINES_BACKFILL);
  return createContext(db, {}, silent);
}

function print(email: string, services: Services): void {
  console.log(`Services of ${email}:`);
  for (const [flag, on] of Object.entries(services)) console.log(`  ${flag.padEnd(22)} ${on ? 'on' : 'off'}`);
}

async function main(args: string[]): Promise<number> {
  const [command, email, flag, state] = args;
  const config = readConfig();
  const run = async (action: (db: Db) => Promise<void>) => {
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
  if (FEE_COMMANDS.has(command)) {
    let done = false;
    await run(async (db) => {
      done = await feeCommand(db, args);
    });
    if (done) return 0;
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
